import { Link } from "@tanstack/react-router";
import { ChevronRight, Repeat, Star } from "lucide-react";
import type { TGame } from "@shared/schemas/games";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { formatTime } from "@client/lib/format/dates";
import { formatWeekdayDate } from "./weekly-format";

/** On a weekly session's game, for whoever manages it: the way to the session (confirming weeks, settings). */
export function WeeklySessionLink({ game }: { game: Pick<TGame, "gameTemplate" | "viewer"> }) {
  if (!game.gameTemplate || !game.viewer.canManage) return null;
  return (
    <Link
      to="/weekly-sessions/$id"
      params={{ id: String(game.gameTemplate.id) }}
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-3 py-2 text-left shadow-sm shadow-slate-900/5 hover:bg-slate-50"
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
        <Repeat aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[16px] font-bold text-slate-900">{m.weekly_game_link()}</span>
        <span className="block truncate text-[13px] text-slate-600">{m.weekly_game_link_text()}</span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}

/** The regulars' head start of a new week's game (beyond the old product): until when only they may join, for everybody to see. */
export function RegularsHeadStartNotice({ game, now }: { game: Pick<TGame, "regularsOnlyUntil" | "cancelledAt">; now: Date }) {
  const { locale } = useLocale();
  const until = game.regularsOnlyUntil;
  if (!until || game.cancelledAt || until.getTime() <= now.getTime()) return null;
  return (
    <div data-testid="regulars-head-start" className="rounded-2xl bg-violet-50 p-3.5 text-violet-950 ring-1 ring-violet-200">
      <p className="flex items-center gap-2 text-[16px] font-extrabold">
        <Star aria-hidden className="size-5 shrink-0" />
        {m.weekly_headstart_notice_title()}
      </p>
      <p className="mt-1 text-[14px] leading-snug">{m.weekly_headstart_notice({ date: formatWeekdayDate(until, locale), time: formatTime(until, locale) })}</p>
    </div>
  );
}
