import { Link } from "@tanstack/react-router";
import { CircleCheck, CreditCard, Crown, Flag, Hourglass, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { gamePhase } from "@shared/rules/game-phase";
import type { TMyGameRole } from "@shared/schemas/chat";
import type { TGameListItem } from "@shared/schemas/games";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { gameDisplayTitle, genderLabel, LEVEL_TONES, levelLabel } from "./game-format";
import { formatCardDate, formatDuration, formatTime } from "@client/lib/format/dates";
import { formatPrice } from "@client/lib/format/money";
import { finishedPlayersText } from "@client/lib/format/players";
import { useMyGameRole } from "./my-game-role";
import { PlayerProgress } from "./player-progress";
import { drawingTime, useHydrated } from "@client/lib/hydration";
import { WeatherBadge } from "@client/features/weather/weather-badge";

/** The mark of a game I organise, play in or wait for (the "my games" filters, spec 000 section 2). */
const ROLE_MARKS: Record<TMyGameRole, { label: () => string; icon: ReactNode; text: string; ring: string }> = {
  organising: {
    label: () => m.game_card_role_organising(),
    icon: <Crown aria-hidden className="size-3.5" />,
    text: "text-violet-800",
    ring: "border-violet-300 ring-1 ring-violet-300",
  },
  playing: {
    label: () => m.game_card_role_playing(),
    icon: <CircleCheck aria-hidden className="size-3.5" />,
    text: "text-pitch-700",
    ring: "border-pitch-600/60 ring-1 ring-pitch-600/60",
  },
  waiting: {
    label: () => m.game_card_role_waiting(),
    icon: <Hourglass aria-hidden className="size-3.5" />,
    text: "text-amber-800",
    ring: "border-amber-400 ring-1 ring-amber-400",
  },
};

/**
 * One game in the feed and the profile lists: time block, title and court, level, gender and price,
 * how full it is, and a mark when I organise, play or wait. A game that is over says so instead of
 * offering spots. The whole card is the link to /game/{id}.
 */
export function GameCard({ game, showDate, showRole = true }: { game: TGameListItem; showDate: boolean; showRole?: boolean }) {
  const { locale } = useLocale();
  const hydrated = useHydrated();
  const phase = gamePhase({ cancelledAt: game.cancelledAt, startTime: game.startTime, endTime: game.endTime, now: drawingTime(hydrated) });
  const cancelled = phase === "cancelled";
  const finished = phase === "finished";
  const muted = cancelled || finished;
  const myRole = useMyGameRole(game);
  const role = showRole ? myRole : null;
  const mark = role ? ROLE_MARKS[role] : null;
  const title = gameDisplayTitle(game);
  const showCourtLine = game.court && game.title;

  return (
    <Link
      to="/game/$id"
      params={{ id: String(game.id) }}
      data-role={role ?? undefined}
      className={`group block rounded-3xl border p-4 shadow-sm shadow-slate-900/5 transition hover:border-pitch-600/40 hover:shadow-md active:scale-[0.99] ${
        muted ? "bg-slate-50" : "bg-white"
      } ${mark && !cancelled ? mark.ring : "border-slate-200"}`}
    >
      <div className="flex gap-3.5">
        <div
          className={`flex w-[4.75rem] shrink-0 flex-col items-center justify-center rounded-2xl px-1 py-2.5 text-center ${
            muted ? "bg-slate-200/70 text-slate-600" : "bg-pitch-50 text-pitch-900"
          }`}
        >
          {showDate ? (
            <span className={`text-[12px] leading-tight font-semibold whitespace-nowrap ${muted ? "text-slate-600" : "text-pitch-700/90"}`}>
              {formatCardDate(game.startTime, locale)}
            </span>
          ) : null}
          <span className={`text-[20px] leading-tight font-extrabold tabular-nums ${cancelled ? "line-through" : ""}`}>
            {formatTime(game.startTime, locale)}
          </span>
          <span className="text-[12px] leading-tight font-medium text-slate-600">{formatDuration(game.durationMinutes, locale)}</span>
        </div>

        <div className="min-w-0 flex-1">
          {mark ? (
            <p className={`mb-0.5 flex items-center gap-1 text-[12px] font-bold tracking-wide uppercase ${mark.text}`}>
              {mark.icon}
              {mark.label()}
            </p>
          ) : null}
          <h3 className={`text-[17px] leading-snug font-bold ${muted ? "text-slate-600" : "text-slate-900"}`}>
            <span className="line-clamp-2 break-words">{title}</span>
          </h3>
          {showCourtLine || (!game.title && game.court?.address) ? (
            <p className="mt-0.5 flex items-center gap-1 truncate text-[14px] text-slate-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{showCourtLine ? game.court?.name : game.court?.address}</span>
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <span className={`rounded-full px-2 py-0.5 text-[12px] font-semibold ${LEVEL_TONES[game.level]}`}>{levelLabel(game.level)}</span>
            {game.gender !== "MIXED" ? (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[12px] font-semibold text-violet-900">{genderLabel(game.gender)}</span>
            ) : null}
            {game.weather && !muted ? <WeatherBadge weather={game.weather} /> : null}
            {game.gameType === "PRIVATE" ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] font-semibold text-slate-700">{m.game_type_private()}</span>
            ) : null}
            {cancelled ? (
              <span className="ml-auto shrink-0 rounded-full bg-red-100 px-2.5 py-1 text-[12px] font-bold text-red-800 uppercase">
                {m.game_cancelled_badge()}
              </span>
            ) : finished ? (
              <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-200 px-2.5 py-1 text-[12px] font-bold text-slate-700 uppercase">
                <Flag aria-hidden className="size-3.5" />
                {m.game_phase_finished()}
              </span>
            ) : (
              <span
                className={`ml-auto inline-flex shrink-0 items-center gap-1 rounded-xl px-2.5 py-1 text-[14px] font-bold tabular-nums ${
                  game.priceCents === 0 ? "bg-pitch-100 text-pitch-800" : "bg-slate-900 text-white"
                }`}
              >
                {game.isManagedPayment ? <CreditCard aria-label={m.game_managed_payment()} className="size-3.5" /> : null}
                {formatPrice(game.priceCents, locale, { compact: true })}
              </span>
            )}
          </div>
        </div>
      </div>
      {cancelled ? null : finished ? (
        <p className="mt-3 text-[13px] font-semibold text-slate-600 tabular-nums">{finishedPlayersText(game.participantsAmount)}</p>
      ) : (
        <PlayerProgress
          className="mt-3.5"
          participants={game.participantsAmount}
          minPlayers={game.minPlayers}
          maxPlayers={game.maxPlayers}
          size="sm"
        />
      )}
    </Link>
  );
}
