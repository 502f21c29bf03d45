import { Link } from "@tanstack/react-router";
import { CreditCard, MapPin } from "lucide-react";
import type { TGameListItem } from "@shared/schemas/games";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { formatCardDate, formatDuration, formatPrice, formatTime, gameDisplayTitle, genderLabel, LEVEL_TONES, levelLabel } from "./game-format";
import { PlayerProgress } from "./player-progress";

/**
 * One game in the feed: time block, title and court, level and gender, price tile and how full
 * it is. The whole card is the link to /game/{id}.
 */
export function GameCard({ game, showDate }: { game: TGameListItem; showDate: boolean }) {
  const { locale } = useLocale();
  const cancelled = game.cancelledAt !== null;
  const title = gameDisplayTitle(game);
  const showCourtLine = game.court && game.title;

  return (
    <Link
      to="/game/$id"
      params={{ id: String(game.id) }}
      className={`group block rounded-3xl border bg-white p-4 shadow-sm shadow-slate-900/5 transition hover:border-pitch-600/40 hover:shadow-md active:scale-[0.99] ${
        cancelled ? "border-slate-200 bg-slate-50" : "border-slate-200"
      }`}
    >
      <div className="flex gap-3.5">
        <div
          className={`flex w-[4.75rem] shrink-0 flex-col items-center justify-center rounded-2xl px-1 py-2.5 text-center ${
            cancelled ? "bg-slate-200/70 text-slate-500" : "bg-pitch-50 text-pitch-900"
          }`}
        >
          {showDate ? (
            <span className="text-[12px] leading-tight font-semibold whitespace-nowrap text-pitch-700/90">{formatCardDate(game.startTime, locale)}</span>
          ) : null}
          <span className={`text-[20px] leading-tight font-extrabold tabular-nums ${cancelled ? "line-through" : ""}`}>
            {formatTime(game.startTime, locale)}
          </span>
          <span className="text-[12px] leading-tight font-medium text-slate-600">{formatDuration(game.durationMinutes, locale)}</span>
        </div>

        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-2">
            <h3 className={`min-w-0 flex-1 text-[17px] leading-snug font-bold ${cancelled ? "text-slate-500" : "text-slate-900"}`}>
              <span className="line-clamp-2">{title}</span>
            </h3>
            {cancelled ? (
              <span className="shrink-0 rounded-full bg-red-100 px-2.5 py-1 text-[12px] font-bold text-red-800 uppercase">
                {m.game_cancelled_badge()}
              </span>
            ) : (
              <span
                className={`inline-flex shrink-0 items-center gap-1 rounded-xl px-2.5 py-1 text-[14px] font-bold tabular-nums ${
                  game.priceCents === 0 ? "bg-pitch-100 text-pitch-800" : "bg-slate-900 text-white"
                }`}
              >
                {game.isManagedPayment ? <CreditCard aria-label={m.game_managed_payment()} className="size-3.5" /> : null}
                {formatPrice(game.priceCents, locale, { compact: true })}
              </span>
            )}
          </div>
          {showCourtLine || (!game.title && game.court?.address) ? (
            <p className="mt-0.5 flex items-center gap-1 truncate text-[14px] text-slate-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{showCourtLine ? game.court?.name : game.court?.address}</span>
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-1.5">
            <span className={`rounded-full px-2 py-0.5 text-[12px] font-semibold ${LEVEL_TONES[game.level]}`}>{levelLabel(game.level)}</span>
            {game.gender !== "MIXED" ? (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[12px] font-semibold text-violet-900">{genderLabel(game.gender)}</span>
            ) : null}
            {game.gameType === "PRIVATE" ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] font-semibold text-slate-700">{m.game_type_private()}</span>
            ) : null}
          </div>
        </div>
      </div>
      {cancelled ? null : (
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

/** Placeholder while the feed loads. */
export function GameCardSkeleton() {
  return (
    <div aria-hidden className="rounded-3xl border border-slate-200 bg-white p-4">
      <div className="flex gap-3.5">
        <div className="h-[4.5rem] w-[4.5rem] animate-pulse rounded-2xl bg-slate-100" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
        </div>
      </div>
      <div className="mt-4 h-2 animate-pulse rounded-full bg-slate-100" />
    </div>
  );
}
