import { playerListState } from "@shared/rules/player-list";
import type { TGame } from "@shared/schemas/games";
import { m } from "@client/paraglide/messages";
import { gameDisplayTitle } from "./game-format";
import { formatShortDate, formatTime } from "@client/lib/format/dates";

type ShareGame = Pick<TGame, "id" | "title" | "court" | "startTime" | "participantsAmount" | "minPlayers" | "maxPlayers">;

/** The game's link; a private game's carries its share key, without which its id shows nothing (server: games/visibility.ts). */
export function gameUrl(gameId: number, origin: string, shareKey: string | null = null): string {
  return shareKey ? `${origin}/game/${gameId}?key=${encodeURIComponent(shareKey)}` : `${origin}/game/${gameId}`;
}

function spotsSentence(game: ShareGame): string {
  const participants = game.participantsAmount;
  const state = playerListState(participants, game.minPlayers, game.maxPlayers);
  const missing = game.minPlayers - participants;
  if (state === "notEnough") return missing === 1 ? m.game_share_missing_one() : m.game_share_missing({ count: String(missing) });
  if (state === "fullWaitingList") return m.game_share_full();
  if (game.maxPlayers === null) return m.game_share_open();
  const free = game.maxPlayers - participants;
  return free === 1 ? m.game_share_spots_one() : m.game_share_spots({ count: String(free) });
}

/** The ready-made messenger text of the share modal (spec 000 section 2). */
export function shareText(game: ShareGame, url: string, locale: string): string {
  const place = game.court?.name ?? gameDisplayTitle(game);
  return m.game_share_text({
    date: formatShortDate(game.startTime, locale),
    time: formatTime(game.startTime, locale),
    place,
    spots: spotsSentence(game),
    url,
  });
}

export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export function telegramShareUrl(url: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text.replace(url, "").trim())}`;
}
