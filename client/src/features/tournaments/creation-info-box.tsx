import { Link } from "@tanstack/react-router";
import { MessageCircle, Plus, Trophy } from "lucide-react";
import { SUPPORT_USER_ID } from "@shared/constants";
import { Banner } from "@client/components/banner";
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
    <Banner
      id="tournament-info-title"
      testId="tournament-info-box"
      icon={Trophy}
      title={m.tournament_info_title()}
      text={canCreate ? m.tournament_info_text_manager() : m.tournament_info_text_other()}
      className="overflow-hidden bg-gradient-to-br from-pitch-700 to-pitch-900 text-white shadow-sm"
      iconClassName="bg-white/15 text-amber-300"
      textClassName="leading-snug text-pitch-50"
    >
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
    </Banner>
  );
}
