import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { PLAN, type TPlanMatch } from "@shared/schemas/tournament-plans";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { appErrorData, errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { type TeamNames, sideLabel } from "./plan-labels";

/**
 * Entering a score at the pitch (issue 29): two big steppers, for a level knock-out score who went through, and
 * "Speichern". The save carries the version the phone showed when the sheet opened; when somebody saved first (seen
 * live, or refused by the server) the sheet stays open with their score named, and a second save overwrites on purpose.
 */
export function ScoreSheet({ match, names, tournamentId, onClose }: { match: TPlanMatch; names: TeamNames; tournamentId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [home, setHome] = useState(match.homeGoals ?? 0);
  const [away, setAway] = useState(match.awayGoals ?? 0);
  const [winner, setWinner] = useState<"home" | "away" | null>(match.winner);
  // The version this phone showed when the sheet opened: a live update meanwhile must not let the save overwrite it.
  const [baseVersion, setBaseVersion] = useState(match.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const savedMeanwhile = match.version !== baseVersion ? m.tplan_conflict({ home: String(match.homeGoals ?? "–"), away: String(match.awayGoals ?? "–") }) : null;
  const save = useMutation(trpc.tournaments.enterResult.mutationOptions());
  const homeName = sideLabel(match.home, names).text;
  const awayName = sideLabel(match.away, names).text;
  const level = home === away;
  const needsWinner = match.stage === "knockout" && level;

  async function submit() {
    setConflict(null);
    try {
      const page = await save.mutateAsync({ matchId: match.id, homeGoals: home, awayGoals: away, winner: needsWinner ? winner : null, version: baseVersion });
      queryClient.setQueryData(trpc.tournaments.plan.queryKey({ tournamentId }), page);
      showToast(m.tplan_saved());
      onClose();
    } catch (error) {
      const data = appErrorData(error);
      if (data?.code === "RESULT_CONFLICT") {
        setConflict(m.tplan_conflict({ home: String(data.details?.homeGoals ?? "–"), away: String(data.details?.awayGoals ?? "–") }));
        // seen now: a second "Speichern" replaces it on purpose
        if (typeof data.details?.version === "number") setBaseVersion(data.details.version);
        save.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.tournaments.plan.queryKey({ tournamentId }) });
      }
    }
  }

  return (
    <Modal open onClose={onClose} title={m.tplan_match_number({ number: match.number })}>
      <div className="flex flex-col gap-4" data-testid="score-sheet">
        <div className="grid grid-cols-2 gap-3">
          <GoalStepper team={homeName} value={home} onChange={setHome} testId="score-home" />
          <GoalStepper team={awayName} value={away} onChange={setAway} testId="score-away" />
        </div>
        {needsWinner ? (
          <div role="group" aria-labelledby="who-goes-through" className="rounded-2xl border border-amber-200 bg-amber-50 p-3">
            <p id="who-goes-through" className="text-[14px] leading-snug font-semibold text-amber-900">
              {m.tplan_who_goes_through()}
            </p>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {(["home", "away"] as const).map((side) => (
                <button
                  key={side}
                  type="button"
                  aria-pressed={winner === side}
                  onClick={() => setWinner(side)}
                  className={`min-h-12 rounded-xl border px-2 text-[15px] font-semibold break-words ${winner === side ? "border-pitch-600 bg-pitch-600 text-white" : "border-slate-300 bg-white text-slate-800"}`}
                >
                  {m.tplan_through({ team: side === "home" ? homeName : awayName })}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {(conflict ?? savedMeanwhile) ? (
          <div data-testid="score-conflict">
            <Notice tone="info">{conflict ?? savedMeanwhile}</Notice>
          </div>
        ) : null}
        {save.isError ? <Notice tone="error">{errorMessage(save.error)}</Notice> : null}
        <div className="flex flex-col gap-2">
          <Button size="lg" block loading={save.isPending} disabled={needsWinner && winner === null} onClick={() => void submit()}>
            {m.tplan_save()}
          </Button>
          <Button variant="ghost" block onClick={onClose}>
            {m.tplan_cancel()}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function GoalStepper({ team, value, onChange, testId }: { team: string; value: number; onChange: (n: number) => void; testId: string }) {
  const label = m.tplan_goals_of({ team });
  const button = "inline-flex size-14 items-center justify-center rounded-full border-2 disabled:opacity-40";
  const minus = `${button} border-slate-300 bg-white text-slate-800 active:bg-slate-100`;
  const plus = `${button} border-pitch-600 bg-pitch-600 text-white active:bg-pitch-700`;
  return (
    <div className="flex flex-col items-center rounded-2xl bg-slate-50 px-2 pt-3 pb-4" role="group" aria-label={label} data-testid={testId}>
      <p className="line-clamp-2 min-h-10 text-center text-[15px] leading-tight font-bold break-words text-slate-900">{team}</p>
      <output aria-live="polite" className="my-2 text-[56px] leading-none font-black text-slate-900 tabular-nums">
        {value}
      </output>
      <div className="flex gap-3">
        <button type="button" className={minus} disabled={value <= 0} onClick={() => onChange(Math.max(0, value - 1))} aria-label={m.common_decrease({ label })}>
          <Minus aria-hidden className="size-6" />
        </button>
        <button
          type="button"
          className={plus}
          disabled={value >= PLAN.goalsMax}
          onClick={() => onChange(Math.min(PLAN.goalsMax, value + 1))}
          aria-label={m.common_increase({ label })}
        >
          <Plus aria-hidden className="size-6" />
        </button>
      </div>
    </div>
  );
}
