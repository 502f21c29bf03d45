import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Whistle } from "lucide-react";
import type { TPlanPage } from "@shared/schemas/tournament-plans";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/** The organiser names referees from the teams' contacts (issue 29): they may enter results too. */
export function PlanReferees({ page }: { page: TPlanPage }) {
  const queryClient = useQueryClient();
  const set = useMutation(trpc.tournaments.setReferee.mutationOptions());
  const named = new Set(page.referees.map((r) => r.userId));
  async function toggle(userId: number, referee: boolean) {
    try {
      const next = await set.mutateAsync({ tournamentId: page.tournamentId, userId, referee });
      queryClient.setQueryData(trpc.tournaments.plan.queryKey({ tournamentId: page.tournamentId }), next);
    } catch {
      // shown below
    }
  }
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="plan-referees">
      <h2 className="flex items-center gap-2 text-[17px] font-extrabold text-slate-900">
        <Whistle aria-hidden className="size-5 text-pitch-700" />
        {m.tplan_referees_title()}
      </h2>
      <p className="mt-1 text-[14px] text-slate-600">{m.tplan_referees_text()}</p>
      <div className="mt-3 flex flex-col gap-2">
        {page.refereeCandidates.length === 0 ? <p className="text-[14px] text-slate-500">{m.tplan_referees_none()}</p> : null}
        {page.refereeCandidates.map((c) => (
          <SwitchField
            key={c.userId}
            label={m.tplan_referee_toggle({ name: c.name, team: c.teamName ?? "" })}
            checked={named.has(c.userId)}
            disabled={set.isPending}
            onCheckedChange={(on) => void toggle(c.userId, on)}
          />
        ))}
      </div>
      {set.isError ? (
        <div className="mt-2">
          <Notice tone="error">{errorMessage(set.error)}</Notice>
        </div>
      ) : null}
    </section>
  );
}
