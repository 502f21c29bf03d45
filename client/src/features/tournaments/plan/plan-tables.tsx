import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Dices } from "lucide-react";
import type { TPlanTable, TTournamentPlan } from "@shared/schemas/tournament-plans";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import type { TeamNames } from "./plan-labels";

/** "Los ziehen": the organiser's one tap for a complete table's teams level on every criterion; the server draws. */
function DrawLots({ tournamentId, table }: { tournamentId: number; table: TPlanTable }) {
  const queryClient = useQueryClient();
  const draw = useMutation(trpc.tournaments.drawLots.mutationOptions());
  const run = () =>
    draw.mutate(
      { tournamentId, group: table.group },
      {
        onSuccess: (page) => {
          queryClient.setQueryData(trpc.tournaments.plan.queryKey({ tournamentId }), page);
          showToast(m.tplan_lots_drawn());
        },
        // another phone drew meanwhile (PLAN_NO_DRAW_NEEDED): the plan as it is now
        onError: () => void queryClient.invalidateQueries({ queryKey: trpc.tournaments.plan.queryKey({ tournamentId }) }),
      },
    );
  return (
    <div className="mt-3 flex flex-col gap-2">
      {draw.isError ? <Notice tone="error">{errorMessage(draw.error)}</Notice> : null}
      <Button variant="secondary" block loading={draw.isPending} onClick={run}>
        <Dices aria-hidden className="size-5" />
        {m.tplan_draw_lots()}
      </Button>
    </div>
  );
}

/** "Tabellen": one table per group (or the league's), with the tie-break order written under them. */
export function PlanTables({ plan, names, tournamentId, canDraw }: { plan: TTournamentPlan; names: TeamNames; tournamentId: number; canDraw: boolean }) {
  const advancing = plan.format === "groups" ? 2 : 1;
  return (
    <div className="flex flex-col gap-4">
      {plan.tables.map((table) => (
        <section key={table.group ?? "league"} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid={`table-${table.group ?? "league"}`}>
          <div className="flex items-center justify-between bg-slate-50 px-3 py-2">
            <h3 className="text-[16px] font-extrabold text-slate-900">{table.group ? m.tplan_group({ group: table.group }) : m.tplan_table_league()}</h3>
            {table.complete ? (
              <span className="inline-flex items-center gap-1 text-[13px] font-semibold text-pitch-700">
                <CircleCheck aria-hidden className="size-4" />
                {m.tplan_table_complete()}
              </span>
            ) : null}
          </div>
          <table className="w-full text-[15px]">
            <thead>
              <tr className="text-[12px] font-semibold tracking-wide text-slate-500 uppercase">
                <th scope="col" className="w-8 py-1.5 pl-3 text-left">
                  #
                </th>
                <th scope="col" className="py-1.5 text-left">
                  {m.tplan_col_team()}
                </th>
                <th scope="col" className="w-9 py-1.5 text-center">
                  {m.tplan_col_played()}
                </th>
                <th scope="col" className="w-14 py-1.5 text-center">
                  {m.tplan_col_goals()}
                </th>
                <th scope="col" className="w-10 py-1.5 text-center">
                  {m.tplan_col_diff()}
                </th>
                <th scope="col" className="w-11 py-1.5 pr-3 text-right">
                  {m.tplan_col_points()}
                </th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={row.teamId} className={`border-t border-slate-100 ${i < advancing ? "bg-pitch-50/60" : ""}`} data-testid="table-row">
                  <td className="py-2 pl-3 font-bold text-slate-500 tabular-nums">{row.rank}</td>
                  <td className="max-w-0 truncate py-2 pr-2 font-semibold text-slate-900">{names.get(row.teamId) ?? "–"}</td>
                  <td className="py-2 text-center text-slate-700 tabular-nums">{row.played}</td>
                  <td className="py-2 text-center text-slate-700 tabular-nums">
                    {row.goalsFor}:{row.goalsAgainst}
                  </td>
                  <td className="py-2 text-center text-slate-700 tabular-nums">{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
                  <td className="py-2 pr-3 text-right text-[16px] font-extrabold text-slate-900 tabular-nums">{row.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {table.needsDraw && table.complete ? (
            <div className="p-3">
              <Notice tone="info">{m.tplan_table_needs_draw()}</Notice>
              {canDraw ? <DrawLots tournamentId={tournamentId} table={table} /> : null}
            </div>
          ) : table.byLot ? (
            <p className="border-t border-slate-100 px-3 py-2 text-[13px] font-semibold text-slate-600">{m.tplan_table_by_lot()}</p>
          ) : null}
        </section>
      ))}
      <p className="px-1 text-[13px] leading-snug text-slate-600">{m.tplan_tiebreak()}</p>
    </div>
  );
}
