import { Link } from "@tanstack/react-router";
import { MessageCircle, Plus, Trophy } from "lucide-react";
import { SUPPORT_USER_ID } from "@shared/constants";
import { buttonClassName } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { CONTACT_URL } from "@client/lib/links";
import { m } from "@client/paraglide/messages";
import { mayCreateTournaments } from "./tournament-permissions";

/**
 * The tournament creation info box (spec 001 section 2.10): admins and organisation members create one here;
 * everybody else reads who hosts tournaments and asks the team, in the support chat when signed in, else
 * through the contact page (as the burger menu's help entry does).
 */
export function CreationInfoBox() {
  const account = useAccount();
  const canCreate = account !== null && mayCreateTournaments(account);
  return (
    <section
      aria-labelledby="tournament-info-title"
      data-testid="tournament-info-box"
      className="overflow-hidden rounded-3xl bg-gradient-to-br from-pitch-700 to-pitch-900 p-5 text-white shadow-sm"
    >
      <div className="flex items-start gap-3.5">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white/15 text-amber-300">
          <Trophy aria-hidden className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="tournament-info-title" className="text-[18px] leading-snug font-extrabold">
            {m.tournament_info_title()}
          </h2>
          <p className="mt-1 text-[15px] leading-snug text-pitch-50">{canCreate ? m.tournament_info_text_manager() : m.tournament_info_text_other()}</p>
        </div>
      </div>
      {canCreate ? (
        <Link to="/create/tournament" className={buttonClassName({ variant: "secondary", block: true, size: "lg", className: "mt-4" })}>
          <Plus aria-hidden className="size-5" />
          {m.tournament_create_action()}
        </Link>
      ) : account ? (
        <Link to="/user/$id/chat" params={{ id: String(SUPPORT_USER_ID) }} className={buttonClassName({ variant: "secondary", block: true, size: "lg", className: "mt-4" })}>
          <MessageCircle aria-hidden className="size-5" />
          {m.tournament_info_ask()}
        </Link>
      ) : (
        <a href={CONTACT_URL} className={buttonClassName({ variant: "secondary", block: true, size: "lg", className: "mt-4" })}>
          <MessageCircle aria-hidden className="size-5" />
          {m.tournament_info_ask()}
        </a>
      )}
    </section>
  );
}
