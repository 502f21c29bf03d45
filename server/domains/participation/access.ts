import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { canManageGame, canOrganiseWithoutPlaying } from "@shared/rules/game-permissions";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { lockGame, type GameRow } from "../games/core";
import type { Actor } from "../users/service";
import * as repo from "./repo";

/*
 * What the use cases (join, update, end, guests) share: who is asking about a participation and
 * what they may do with it, the guest token's hash, and the reference every change answers with.
 */

export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export function isAdminOrCreator(actor: Actor | null, game: GameRow) {
  return !!actor && (actor.isAdmin || actor.id === game.creatorId);
}

/**
 * A participation that does not count its owner as a player ("I play myself" off) may be set only by
 * admins and organisations (spec 000 section 6); guests and plain players always play themselves.
 */
export function checkPlaysHimself(actor: Actor | null, playsHimself: boolean) {
  if (!playsHimself && !(actor && canOrganiseWithoutPlaying(actor))) throw new AppError("PLAYS_HIMSELF_NOT_ALLOWED");
}

/** The participation as join and update answer it (ZParticipationRef). */
export function refOf(p: repo.ParticipationRow, guestFirstName: string | null) {
  return {
    id: p.id,
    queue: p.queue,
    paymentStatus: p.paymentStatus,
    playerCount: p.playerCount,
    guestProfile: p.guestProfileId !== null ? { id: p.guestProfileId, firstName: guestFirstName ?? p.firstName ?? "" } : null,
    paymentReservationExpiresAt: p.paymentStatus === "Open" ? p.paymentReservationExpiresAt : null,
  };
}

/* ---------- find a participation and who is asking ---------- */

export type Access = { row: repo.ParticipationRow; game: GameRow; actor: Actor | null; isOwner: boolean; isManager: boolean };

/**
 * The participation, locked after its game (the lock order of every change to a game's players), and
 * the caller's standing: its owner (the account, or a guest with its token) or one who manages the game.
 * `actor` is loaded before the transaction: on PGlite's one connection a query outside it would wait forever.
 */
export async function access(tx: Tx, actor: Actor | null, participationId: number, guestToken: string | undefined): Promise<Access> {
  const found = await repo.findById(tx, participationId);
  if (!found) throw new AppError("PARTICIPATION_NOT_FOUND");
  const game = await lockGame(tx, found.gameId);
  const row = (await repo.findById(tx, participationId, true))!;
  const isOwner =
    (actor !== null && row.userId === actor.id) ||
    (guestToken !== undefined && row.guestTokenHash !== null && row.guestTokenHash === hashToken(guestToken));
  const isManager = canManageGame(actor, game);
  if (!isOwner && !isManager) throw new AppError("PARTICIPATION_FORBIDDEN");
  return { row, game, actor, isOwner, isManager };
}

/** The old API names a participation by user id or guest name; this finds its id. */
export async function participationIdFor(tx: Tx, gameId: number, who: { userId?: number; playerName?: string }): Promise<number> {
  let id: number | undefined;
  if (who.userId !== undefined) {
    const row = await repo.findByUser(tx, gameId, who.userId);
    id = row && row.cancelledAt === null ? row.id : undefined;
  } else if (who.playerName) {
    id = (await repo.findGuestByName(tx, gameId, who.playerName))?.id;
  }
  if (id === undefined) throw new AppError("PARTICIPATION_NOT_FOUND");
  return id;
}
