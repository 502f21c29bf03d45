import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Clock, Flag, Lock, MapPin, MessageCircle, Share2, Sparkles, Timer } from "lucide-react";
import type { GamePhase } from "@shared/rules/game-phase";
import type { TGame } from "@shared/schemas/games";
import { formatDuration, formatLongDate, formatTime } from "@client/lib/format/dates";
import { formatLineUp } from "@client/lib/format/players";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useReadIds } from "@client/features/chat/chat-queries";
import { countUnread } from "@client/features/chat/read-ids";
import { gameDisplayTitle } from "../game-format";

/** The top of the game page: date, title, time, place and the game's badges, with the chat and share buttons. */
export function Hero({ game, phase, end, onShare }: { game: TGame; phase: GamePhase; end: Date; onShare: () => void }) {
  const { locale } = useLocale();
  const image = game.court?.imageUrl;
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-pitch-700 to-pitch-900 px-5 pt-5 pb-6 text-white">
      {image ? <img src={image} alt="" className="absolute inset-0 size-full object-cover opacity-35" /> : null}
      <svg aria-hidden viewBox="0 0 400 200" preserveAspectRatio="none" className="absolute inset-0 size-full text-white/10">
        <rect x="12" y="12" width="376" height="176" fill="none" stroke="currentColor" strokeWidth="2" />
        <line x1="200" y1="12" x2="200" y2="188" stroke="currentColor" strokeWidth="2" />
        <circle cx="200" cy="100" r="36" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="12" y="60" width="44" height="80" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="344" y="60" width="44" height="80" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <div className="relative">
        <div className="flex items-start justify-between gap-3">
          <p className="text-[15px] font-semibold text-pitch-100 first-letter:uppercase">{formatLongDate(game.startTime, locale)}</p>
          <div className="-mt-1.5 -mr-1.5 flex shrink-0 gap-1.5">
          <GameChatIcon gameId={game.id} />
          <button
            type="button"
            onClick={onShare}
            aria-label={m.game_share_action()}
            className="on-dark inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
          >
            <Share2 aria-hidden className="size-5" />
          </button>
          </div>
        </div>
        <h1 className={`mt-1 text-[27px] leading-tight font-extrabold tracking-tight ${game.cancelledAt ? "line-through decoration-2" : ""}`}>
          {gameDisplayTitle(game)}
        </h1>
        <p className="mt-2 flex items-center gap-2 text-[17px] font-bold tabular-nums">
          <Clock aria-hidden className="size-5 text-pitch-200" />
          {m.game_time_range({ start: formatTime(game.startTime, locale), end: formatTime(end, locale) })}
          <span className="font-medium text-pitch-100">· {formatDuration(game.durationMinutes, locale)}</span>
        </p>
        {game.court ? (
          <p className="mt-1 flex items-center gap-2 text-[15px] text-pitch-50">
            <MapPin aria-hidden className="size-5 shrink-0 text-pitch-200" />
            <span className="truncate">{game.title ? game.court.name : (game.court.address ?? game.court.name)}</span>
          </p>
        ) : null}
        <ul className="mt-4 flex flex-wrap gap-1.5 text-[13px] font-semibold">
          {phase === "finished" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-slate-800">
              <Flag aria-hidden className="size-3.5" />
              {m.game_phase_finished()}
            </li>
          ) : phase === "running" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-1 text-amber-950">
              <Timer aria-hidden className="size-3.5" />
              {m.game_phase_running()}
            </li>
          ) : null}
          <li className="rounded-full bg-white/15 px-2.5 py-1">{formatLineUp(game.teams, game.gameMode)}</li>
          {game.gameType === "PRIVATE" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-1">
              <Lock aria-hidden className="size-3.5" />
              {m.game_type_private()}
            </li>
          ) : null}
          {game.gameType === "KICKRUNDE" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-pitch-800">
              <Sparkles aria-hidden className="size-3.5" />
              {m.game_type_kickrunde()}
            </li>
          ) : null}
          {game.organization ? <li className="rounded-full bg-white/15 px-2.5 py-1">{game.organization.name}</li> : null}
        </ul>
      </div>
    </div>
  );
}

/** The chat icon with the count of unread comments (spec 000 section 2, game page). */
function GameChatIcon({ gameId }: { gameId: number }) {
  const { data } = useQuery(trpc.chat.gameComments.queryOptions({ gameId }));
  const { games } = useReadIds();
  const unread = countUnread((data ?? []).filter((c) => !c.isSystemMessage).map((c) => c.id), games);
  return (
    <Link
      to="/game/$id/chat"
      params={{ id: String(gameId) }}
      aria-label={unread ? m.game_chat_action_unread({ count: unread }) : m.game_chat_action()}
      className="on-dark relative inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
    >
      <MessageCircle aria-hidden className="size-5" />
      {unread ? (
        <span className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white tabular-nums">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
