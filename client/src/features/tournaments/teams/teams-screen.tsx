import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { UsersRound } from "lucide-react";
import type { TTeamsOverview } from "@shared/schemas/tournament-teams";
import { Button } from "@client/components/button";
import { NoPermission } from "@client/components/no-permission";
import { Notice } from "@client/components/notice";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { teamsOverviewQueryOptions } from "../registration/team-queries";
import { TournamentSubHeader } from "../sub-page-header";
import { tournamentQueryOptions } from "../tournament-queries";
import { TeamRow } from "./team-row";

const TOTALS: { key: keyof TTeamsOverview["totals"]; label: () => string; className: string }[] = [
  { key: "registrations", label: () => m.tteam_total_registrations(), className: "col-span-2 bg-slate-900 text-white" },
  { key: "paid", label: () => m.tteam_total_paid(), className: "bg-pitch-50 text-pitch-900 ring-1 ring-pitch-200" },
  { key: "unpaid", label: () => m.tteam_total_unpaid(), className: "bg-amber-50 text-amber-950 ring-1 ring-amber-200" },
  { key: "cancelled", label: () => m.tteam_total_cancelled(), className: "bg-slate-100 text-slate-800 ring-1 ring-slate-200" },
  { key: "waiting", label: () => m.tteam_total_waiting(), className: "bg-sky-50 text-sky-950 ring-1 ring-sky-200" },
];

function Totals({ totals }: { totals: TTeamsOverview["totals"] }) {
  return (
    <dl className="grid grid-cols-2 gap-2" data-testid="team-totals">
      {TOTALS.map((total) => (
        <div key={total.key} className={`rounded-2xl px-3 py-2.5 ${total.className}`} data-total={total.key}>
          <dt className="text-[13px] font-semibold opacity-80">{total.label()}</dt>
          <dd className="text-[24px] leading-tight font-extrabold tabular-nums">{totals[total.key]}</dd>
        </div>
      ))}
    </dl>
  );
}

function NoTeamsPermission({ tournamentId }: { tournamentId: number }) {
  return (
    <NoPermission
      title={m.error_FORBIDDEN()}
      signInRedirect={`/tournament/${tournamentId}/teams`}
      back={(className) => (
        <Link to="/tournament/$id" params={{ id: String(tournamentId) }} className={className}>
          {m.tournament_back_to_page()}
        </Link>
      )}
    />
  );
}

/**
 * /tournament/{id}/teams, the organiser's and admins' teams overview (spec 001 sections 2.10, 4, 6): the totals
 * (registrations, paid, open, cancelled, waiting) and every team as a card with its badge, details and actions.
 * Anybody else reads "Fehlende Berechtigung." (the server refuses with FORBIDDEN too).
 */
export function TeamsScreen({ tournamentId }: { tournamentId: number }) {
  useLocale();
  const { data: tournament } = useSuspenseQuery(tournamentQueryOptions(tournamentId));
  const query = useQuery({ ...teamsOverviewQueryOptions(tournamentId), enabled: tournament.viewer.canManage });
  useRefetchOnVisible(() => void (tournament.viewer.canManage && query.refetch()));
  if (!tournament.viewer.canManage || appErrorCode(query.error) === "FORBIDDEN") return <NoTeamsPermission tournamentId={tournamentId} />;
  const overview = query.data;
  return (
    <div className="pb-8">
      <TournamentSubHeader tournamentId={tournamentId} title={m.tteam_overview_title()} subtitle={tournament.name} />
      <div className="space-y-4 px-4">
        {query.isError ? (
          <div className="space-y-2">
            <Notice tone="error">
              {m.tteam_overview_load_failed()} {errorMessage(query.error)}
            </Notice>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {m.common_retry()}
            </Button>
          </div>
        ) : !overview ? (
          <p role="status" className="py-10 text-center text-[15px] font-semibold text-slate-600">
            {m.common_loading()}
          </p>
        ) : (
          <>
            <Totals totals={overview.totals} />
            {overview.teams.length === 0 ? (
              <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 px-6 py-10 text-center">
                <UsersRound aria-hidden className="size-10 text-slate-400" />
                <p className="mt-3 text-[16px] font-semibold text-slate-700">{m.tteam_overview_empty()}</p>
              </div>
            ) : (
              <ul className="space-y-3" aria-label={m.tteam_overview_title()}>
                {overview.teams.map((team) => (
                  <TeamRow key={team.id} team={team} tournament={overview.tournament} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
