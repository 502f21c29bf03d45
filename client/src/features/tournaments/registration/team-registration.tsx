import { Lock, Plus } from "lucide-react";
import { useState } from "react";
import type { TRegisterTeamResult } from "@shared/schemas/tournament-teams";
import type { TTournament } from "@shared/schemas/tournaments";
import { Button } from "@client/components/button";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { RegisteredModal, RegistrationForm } from "./registration-form";
import { registrationClosedReason } from "./registration-rules";
import { useMyTeams } from "./team-queries";

/**
 * The registration block's form part (spec 001 section 2.10): the team form while registration is open (a draft or a
 * started tournament says why it is not); a viewer who already has a team opens it with "Weiteres Team anmelden".
 */
export function TeamRegistration({ tournament }: { tournament: TTournament }) {
  const now = useNow();
  const myTeams = useMyTeams(tournament.id);
  const [formKey, setFormKey] = useState(0);
  const [opened, setOpened] = useState(false);
  // kept here: the form gives way to "Weiteres Team anmelden" as soon as the new team is in the list
  const [registered, setRegistered] = useState<TRegisterTeamResult | null>(null);
  const closed = registrationClosedReason(tournament, now);
  if (closed === "cancelled") return null;
  const modal = registered ? <RegisteredModal result={registered} onClose={() => setRegistered(null)} /> : null;
  if (closed) {
    return (
      <p className="mt-4 flex items-start gap-2 rounded-2xl bg-slate-50 px-3.5 py-3 text-[15px] leading-snug font-semibold text-slate-700 ring-1 ring-slate-200" data-testid="registration-closed">
        <Lock aria-hidden className="mt-0.5 size-4.5 shrink-0" />
        {closed === "draft" ? m.tteam_closed_draft() : m.tteam_closed_started()}
      </p>
    );
  }
  const hasTeam = (myTeams.data ?? []).some((team) => !team.cancelledAt && team.paymentStatus !== "Refunded");
  return (
    <>
      {hasTeam && !opened ? (
        <Button variant="outline" block className="mt-4" onClick={() => setOpened(true)}>
          <Plus aria-hidden className="size-5" />
          {m.tteam_register_another()}
        </Button>
      ) : (
        <RegistrationForm
          key={formKey}
          tournament={tournament}
          onRegistered={(result) => {
            setRegistered(result);
            // a fresh, closed form for the next team
            setFormKey((k) => k + 1);
            setOpened(false);
          }}
        />
      )}
      {modal}
    </>
  );
}
