import { Pencil } from "lucide-react";
import type { TPlanMatch } from "@shared/schemas/tournament-plans";
import { m } from "@client/paraglide/messages";
import { type TeamNames, hasResult, roundLabel, sideLabel, winningSide } from "./plan-labels";

/** One match: number, pitch, group or round, both sides with the score; the button to enter it for who may. */
export function MatchCard({
  match,
  names,
  canEnter,
  onEnter,
  showTime,
  inBracket = false,
}: {
  match: TPlanMatch;
  names: TeamNames;
  canEnter: boolean;
  onEnter: () => void;
  showTime?: string;
  /** under its round's heading: no round tag */
  inBracket?: boolean;
}) {
  const home = sideLabel(match.home, names);
  const away = sideLabel(match.away, names);
  const won = winningSide(match);
  const ready = match.home.teamId !== null && match.away.teamId !== null;
  const played = hasResult(match);
  // a league's matches need no tag: there is nothing else in the plan
  const tag = inBracket ? null : match.stage === "group" ? m.tplan_group({ group: match.group ?? "" }) : match.stage === "knockout" ? roundLabel(match.roundOf) : null;
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid={`match-${match.number}`}>
      <div className="flex items-center gap-2 text-[13px] font-semibold text-slate-600">
        <span>{m.tplan_match_number({ number: match.number })}</span>
        <span aria-hidden>·</span>
        <span>{m.tplan_pitch({ pitch: match.pitch })}</span>
        {showTime ? (
          <>
            <span aria-hidden>·</span>
            <span>{showTime}</span>
          </>
        ) : null}
        {tag ? <span className={`ml-auto rounded-full px-2 py-0.5 text-[12px] ${match.stage === "knockout" ? "bg-amber-100 text-amber-900" : "bg-pitch-50 text-pitch-800"}`}>{tag}</span> : null}
      </div>
      <div className="mt-2 grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1">
        <TeamLine label={home} bold={won === "home"} />
        <Goals value={match.homeGoals} bold={won === "home"} />
        <TeamLine label={away} bold={won === "away"} />
        <Goals value={match.awayGoals} bold={won === "away"} />
      </div>
      {played && match.winner ? <p className="mt-1 text-[12px] font-semibold text-amber-800">{m.tplan_after_penalties()}</p> : null}
      {match.forfeit ? <p className="mt-1 text-[12px] font-semibold text-slate-600">{m.tplan_walkover()}</p> : null}
      {canEnter && ready ? (
        <button
          type="button"
          onClick={onEnter}
          className={`mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl text-[15px] font-semibold ${played ? "border border-slate-300 bg-white text-slate-800" : "bg-pitch-100 text-pitch-800 active:bg-pitch-200"}`}
        >
          <Pencil aria-hidden className="size-4" />
          {played ? m.tplan_change_result() : m.tplan_enter_result()}
        </button>
      ) : null}
    </article>
  );
}

function TeamLine({ label, bold }: { label: { text: string; known: boolean }; bold: boolean }) {
  return <p className={`truncate text-[16px] ${label.known ? (bold ? "font-extrabold text-slate-900" : "font-semibold text-slate-800") : "text-slate-500 italic"}`}>{label.text}</p>;
}

function Goals({ value, bold }: { value: number | null; bold: boolean }) {
  return (
    <span className={`min-w-8 rounded-lg px-2 text-center text-[20px] tabular-nums ${value === null ? "text-slate-300" : bold ? "bg-pitch-600 font-black text-white" : "bg-slate-100 font-bold text-slate-900"}`}>
      {value ?? "–"}
    </span>
  );
}
