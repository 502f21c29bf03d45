import { useQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { CalendarRange, RefreshCw } from "lucide-react";
import { useState } from "react";
import type { TPlanMatch, TPlanPage, TTournamentPlan } from "@shared/schemas/tournament-plans";
import type { TTournament } from "@shared/schemas/tournaments";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { MatchCard } from "./match-card";
import { PlanBracket } from "./plan-bracket";
import { PlanForm } from "./plan-form";
import { teamNamesOf } from "./plan-labels";
import { PlanReferees } from "./plan-referees";
import { PlanTables } from "./plan-tables";
import { ScoreSheet } from "./score-sheet";

type Tab = "matches" | "tables" | "knockout";

/**
 * The tournament's own plan at /tournament/{id}/plan (issue 29), when the organiser gave no plan link: the creation
 * form for the organiser, then "Spiele", "Tabellen" and "K.-o.-Runde". Every change (a result on another phone) arrives
 * as a server-sent event and the plan is read again, so tables and bracket move for everybody without a reload.
 */
export function TournamentPlan({ tournament }: { tournament: TTournament }) {
  const options = trpc.tournaments.plan.queryOptions({ tournamentId: tournament.id }, { staleTime: 0 });
  const query = useQuery(options);
  useSubscription(trpc.tournaments.onPlanChange.subscriptionOptions({ tournamentId: tournament.id }, { onData: () => void query.refetch() }));
  useRefetchOnVisible(() => void query.refetch());

  if (query.isPending) return <div className="mx-4 h-64 animate-pulse rounded-3xl bg-slate-100" aria-busy="true" />;
  if (query.isError)
    return (
      <div className="mx-4 flex flex-col gap-3">
        <Notice tone="error">{m.tplan_load_failed()}</Notice>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden className="size-4" />
          {m.tplan_retry()}
        </Button>
      </div>
    );
  const page = query.data;
  if (!page.plan) return <NoPlan tournament={tournament} page={page} />;
  return <PlanView tournament={tournament} page={page} plan={page.plan} />;
}

function NoPlan({ tournament, page }: { tournament: TTournament; page: TPlanPage }) {
  if (page.viewer.canManage && page.viewer.canRegenerate && page.teamCount >= 2)
    return (
      <div className="px-4">
        <PlanForm tournament={tournament} page={page} />
      </div>
    );
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center" data-testid="plan-empty">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
        <CalendarRange aria-hidden className="size-10" />
      </div>
      <h2 className="text-xl font-extrabold text-slate-900">{m.tteam_plan_empty_title()}</h2>
      <p className="mt-2 max-w-sm text-[16px] text-slate-700">{page.viewer.canManage && page.viewer.canRegenerate ? m.tplan_too_few_teams() : m.tteam_plan_empty_text()}</p>
    </div>
  );
}

function PlanView({ tournament, page, plan }: { tournament: TTournament; page: TPlanPage; plan: TTournamentPlan }) {
  const { locale } = useLocale();
  const [tab, setTab] = useState<Tab>("matches");
  const [editing, setEditing] = useState<number | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  const names = teamNamesOf(plan);
  const canEnter = page.viewer.canEnterResults;
  const editMatch = editing === null ? null : (plan.matches.find((x) => x.id === editing) ?? null);
  const tabs: { value: Tab; label: string }[] = [
    { value: "matches", label: m.tplan_tab_matches() },
    { value: "tables", label: m.tplan_tab_tables() },
    ...(plan.format === "groups" ? [{ value: "knockout" as const, label: m.tplan_tab_knockout() }] : []),
  ];
  const onEnter = (x: TPlanMatch) => setEditing(x.id);

  return (
    <div className="flex flex-col gap-4 px-4">
      <div className="flex items-center justify-between gap-2 text-[14px] text-slate-600">
        <span>{m.tplan_summary({ teams: plan.teams.length, matches: plan.matches.length, pitches: plan.pitches })}</span>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2 py-0.5 text-[12px] font-bold tracking-wide text-red-700 uppercase" data-testid="plan-live">
          <span className="size-2 animate-pulse rounded-full bg-red-600" aria-hidden />
          {m.tplan_live()}
        </span>
      </div>
      {canEnter && !page.viewer.canManage ? <Notice tone="info">{m.tplan_referee_you()}</Notice> : null}
      <div role="tablist" aria-label={m.tplan_tabs_label()} className="sticky top-0 z-10 -mx-4 bg-chalk/95 px-4 py-1 backdrop-blur">
        <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-slate-200/70 p-1">
          {tabs.map((t) => (
            <button
              key={t.value}
              type="button"
              role="tab"
              aria-selected={tab === t.value}
              onClick={() => setTab(t.value)}
              className={`min-h-10 rounded-xl px-1 text-[14px] font-semibold whitespace-nowrap transition-colors ${tab === t.value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={tabs.find((t) => t.value === tab)?.label}>
        {tab === "matches" ? (
          <Matches plan={plan} names={names} canEnter={canEnter} onEnter={onEnter} locale={locale} />
        ) : tab === "tables" ? (
          <PlanTables plan={plan} names={names} tournamentId={tournament.id} canDraw={page.viewer.canManage && tournament.cancelledAt === null} />
        ) : (
          <PlanBracket plan={plan} names={names} canEnter={canEnter} onEnter={onEnter} />
        )}
      </div>
      {page.viewer.canManage ? (
        <div className="mt-2 flex flex-col gap-4">
          <PlanReferees page={page} />
          {page.viewer.canRegenerate ? (
            regenerating ? (
              <PlanForm tournament={tournament} page={page} onDone={() => setRegenerating(false)} />
            ) : (
              <div className="rounded-2xl border border-dashed border-slate-300 p-4">
                <p className="text-[14px] text-slate-600">{m.tplan_regenerate_hint()}</p>
                <Button variant="outline" block className="mt-3" onClick={() => setRegenerating(true)}>
                  <RefreshCw aria-hidden className="size-4" />
                  {m.tplan_regenerate()}
                </Button>
              </div>
            )
          ) : null}
        </div>
      ) : null}
      {editMatch ? <ScoreSheet key={editMatch.id} match={editMatch} names={names} tournamentId={tournament.id} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/** "Spiele": by time slot (kick-off), each slot's matches by pitch; the day shown where it changes. */
function Matches({ plan, names, canEnter, onEnter, locale }: { plan: TTournamentPlan; names: ReturnType<typeof teamNamesOf>; canEnter: boolean; onEnter: (x: TPlanMatch) => void; locale: string }) {
  const slots = new Map<number, TPlanMatch[]>();
  for (const x of plan.matches) slots.set(x.startsAt.getTime(), [...(slots.get(x.startsAt.getTime()) ?? []), x]);
  let lastDay = "";
  return (
    <div className="flex flex-col gap-4">
      {[...slots].map(([at, matches]) => {
        const day = formatShortDate(new Date(at), locale);
        const showDay = day !== lastDay;
        lastDay = day;
        return (
          <section key={at} aria-label={formatTime(new Date(at), locale)}>
            <h3 className="mb-2 flex items-baseline gap-2 px-1">
              <span className="text-[18px] font-extrabold text-slate-900 tabular-nums">{formatTime(new Date(at), locale)}</span>
              {showDay ? <span className="text-[13px] font-semibold text-slate-500">{day}</span> : null}
            </h3>
            <div className="flex flex-col gap-2">
              {matches.map((x) => (
                <MatchCard key={x.id} match={x} names={names} canEnter={canEnter} onEnter={() => onEnter(x)} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
