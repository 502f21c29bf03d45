import { timingSafeEqual } from "node:crypto";
import { SHARE_KEY_PATTERN } from "@shared/schemas/games";
import { canManageGame, type GameActor } from "@shared/rules/game-permissions";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { actorOrNull } from "../users/service";
import * as repo from "./repo";

/**
 * Who may see a private game (issue 23, item 11). Game ids are sequential, so the id alone must show
 * nothing: a private game is seen by its managers (organiser, admins, its organisation), by whoever has
 * or had a participation in it, and by whoever brings its share key (the link /game/{id}?key=…). The key
 * comes as an argument (tRPC, GraphQL `shareKey`) or from the browser's `kr_share_{id}` cookie, set when
 * the link was opened (server/app.ts). Everybody else gets GAME_NOT_FOUND, as for an unknown id. A
 * public game needs nothing; a private game made public no longer needs its key. Guests never hold a
 * private game's place (PRIVATE_GAME_NEEDS_ACCOUNT), so a guest token never opens one.
 */

type VisibleGame = { id: number; gameType: string; creatorId: number; organizationId: number | null; shareKey: string };

/** The key this request brings for the game: the argument, else the cookie the share link left. */
export function shareKeyOf(ctx: Ctx, gameId: number, given?: string | null): string | null {
  return given ?? ctx.meta.shareKeys?.[gameId] ?? null;
}

/** Whether `given` is the share key `key` (compared in constant time; weekly sessions' links use it too). */
export function sameKey(given: string | null, key: string): boolean {
  if (given === null || !SHARE_KEY_PATTERN.test(given)) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the viewer may see the game, and whether through its key alone (the page then offers to join). */
export async function gameAccess(
  db: DbOrTx,
  game: VisibleGame,
  actor: GameActor | null,
  shareKey: string | null,
): Promise<{ visible: boolean; involved: boolean }> {
  if (game.gameType !== "PRIVATE") return { visible: true, involved: false };
  const involved = actor !== null && (canManageGame(actor, game) || (await repo.hasParticipation(db, game.id, actor.id)));
  return { visible: involved || sameKey(shareKey, game.shareKey), involved };
}

/**
 * GAME_NOT_FOUND unless the viewer may see the game (the same answer as for an id that does not exist).
 * Inside a transaction pass the `actor` read before it: on PGlite's one connection a read beside the
 * transaction would wait for it forever.
 */
export async function requireVisible(ctx: Ctx, db: DbOrTx, game: VisibleGame, shareKey: string | null | undefined, actor?: GameActor | null): Promise<void> {
  if (game.gameType !== "PRIVATE") return;
  const { visible } = await gameAccess(db, game, actor === undefined ? await actorOrNull(ctx) : actor, shareKeyOf(ctx, game.id, shareKey));
  if (!visible) throw new AppError("GAME_NOT_FOUND");
}

/** The game row when the viewer may see it, else GAME_NOT_FOUND (chat, subscriptions: reads by game id). */
export async function requireVisibleGame(ctx: Ctx, gameId: number, shareKey?: string | null): Promise<repo.GameRow> {
  const game = await repo.findGameRow(ctx.deps.db, gameId);
  if (!game) throw new AppError("GAME_NOT_FOUND");
  await requireVisible(ctx, ctx.deps.db, game, shareKey);
  return game;
}
