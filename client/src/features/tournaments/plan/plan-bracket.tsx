import { Trophy } from "lucide-react";
import type { TPlanMatch, TTournamentPlan } from "@shared/schemas/tournament-plans";
import { formatTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { MatchCard } from "./match-card";
import { type TeamNames, roundLabel, winningSide } from "./plan-labels";

/** "K.-o.-Runde": the rounds from the first to the final, the champion on top once decided. */
export function PlanBracket({ plan, names, canEnter, onEnter }: { plan: TTournamentPlan; names: TeamNames; canEnter: boolean; onEnter: (match: TPlanMatch) => void }) {
  const { locale } = useLocale();
  const ko = plan.matches.filter((x) => x.stage === "knockout");
  if (ko.length === 0) return <p className="rounded-2xl bg-white p-4 text-[15px] text-slate-700 shadow-sm">{m.tplan_no_knockout()}</p>;
  const rounds = [...new Set(ko.map((x) => x.round))].sort((a, b) => a - b);
  const final = ko.find((x) => x.roundOf === 2);
  const side = final ? winningSide(final) : null;
  const championId = final && side ? (side === "home" ? final.home.teamId : final.away.teamId) : null;
  return (
    <div className="flex flex-col gap-5">
      {championId !== null ? (
        <div className="flex items-center gap-3 rounded-2xl bg-gradient-to-r from-amber-400 to-amber-300 p-4 text-amber-950 shadow-sm" data-testid="champion">
          <Trophy aria-hidden className="size-9 shrink-0" />
          <div className="min-w-0">
            <p className="text-[13px] font-semibold tracking-wide uppercase">{m.tplan_champion()}</p>
            <p className="truncate text-xl font-black">{names.get(championId)}</p>
          </div>
        </div>
      ) : null}
      {rounds.map((round) => {
        const matches = ko.filter((x) => x.round === round);
        return (
          <section key={round} aria-label={roundLabel(matches[0]!.roundOf)}>
            <h3 className="mb-2 flex items-center gap-2 px-1 text-[13px] font-bold tracking-wide text-slate-600 uppercase">
              <span className="h-px w-4 bg-slate-300" aria-hidden />
              {roundLabel(matches[0]!.roundOf)}
            </h3>
            <div className="flex flex-col gap-2 border-l-2 border-amber-200 pl-3">
              {matches.map((x) => (
                <MatchCard key={x.id} match={x} names={names} canEnter={canEnter} onEnter={() => onEnter(x)} showTime={formatTime(x.startsAt, locale)} inBracket />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
