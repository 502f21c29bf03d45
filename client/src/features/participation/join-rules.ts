import { playersIn } from "@shared/rules/player-list";
import type { TGame } from "@shared/schemas/games";
import { m } from "@client/paraglide/messages";

/** "Nur Ich" for 1, "Ich + n" above (spec 000 section 5). */
export function playerCountLabel(count: number): string {
  return count <= 1 ? m.join_only_me() : m.join_me_plus({ count: String(count - 1) });
}

/** A newcomer queues when the game is full or others already wait (nobody overtakes the waiting list). */
export function joinsWaitingList(game: TGame): boolean {
  if (game.participations.some((p) => p.queue)) return true;
  return game.maxPlayers !== null && playersIn(game.participations) >= game.maxPlayers;
}

/**
 * The regulars' head start as it concerns the viewer (issue 23 item 13): null when it holds nobody back
 * (the server sends no end when the session has no regulars); otherwise until when, and whether the
 * viewer may join already (a regular, an organiser or an admin).
 */
export function regularsHeadStart(game: TGame, now: Date): { until: Date; mayJoin: boolean } | null {
  const until = game.regularsOnlyUntil;
  if (!until || game.cancelledAt || until.getTime() <= now.getTime()) return null;
  return { until, mayJoin: game.viewer.isRegular || game.viewer.canManage || game.viewer.isAdmin };
}
