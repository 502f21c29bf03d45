import { sql } from "drizzle-orm";
import type { CANCELLATION_REASONS } from "@shared/constants";
import { feePercentageOf } from "@shared/rules/fees";
import type { Deps } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import type { GameEvent, NewGameEvent } from "./events";
import * as repo from "./repo";

/**
 * The game core: the primitives every domain that hangs off a game uses (participation, jobs, and
 * later payments, weekly sessions, bookings). A leaf: it imports only its repo and event types, so
 * nothing it is used by can make an import circle (checked in CI: `bun run check:cycles`).
 */

export type GameRow = repo.GameRow;

/** The game row, or GAME_NOT_FOUND (no lock). */
export async function requireGame(db: DbOrTx, gameId: number): Promise<GameRow> {
  const game = await repo.findGameRow(db, gameId);
  if (!game) throw new AppError("GAME_NOT_FOUND");
  return game;
}

/** The game row, locked until the transaction ends: changes to one game (joins, edits, cancels) run one at a time. */
export async function lockGame(tx: Tx, gameId: number): Promise<GameRow> {
  const game = await repo.findGameRow(tx, gameId, true);
  if (!game) throw new AppError("GAME_NOT_FOUND");
  return game;
}

/**
 * Serialises every change that places a game on a court (create, move, change of court) per court,
 * for the rest of the transaction: the "one game per court within an hour" check and the insert or
 * update after it cannot interleave, across server processes too (a transaction-scoped advisory lock;
 * a new game has no row to lock yet).
 */
export async function lockCourtSchedule(tx: Tx, courtId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COURT_SCHEDULE_LOCK}, ${courtId})`);
}
/** The advisory-lock namespace of court schedules (the first key of the two-key form). */
const COURT_SCHEDULE_LOCK = 1001;

/** Records what happened, then lets the reacting domains act in the same transaction. */
export async function recordGameEvent(deps: Pick<Deps, "reactions">, tx: Tx, event: NewGameEvent): Promise<GameEvent> {
  const id = await repo.insertEvent(tx, {
    gameId: event.gameId,
    type: event.type,
    actorId: event.actorId,
    payload: event.payload,
    createdAt: event.createdAt,
  });
  const recorded = { ...event, id } as GameEvent;
  for (const react of deps.reactions) await react(tx, recorded);
  return recorded;
}

export function insertGame(tx: Tx, values: repo.NewGame): Promise<number> {
  return repo.insertGame(tx, values);
}

export function updateGameRow(tx: Tx, gameId: number, values: repo.GameChanges): Promise<void> {
  return repo.updateGame(tx, gameId, values);
}

export type Cancellation =
  | { by: "organiser"; actorId: number; reason: (typeof CANCELLATION_REASONS)[number]; message: string | null }
  | { by: "accountDeletion"; actorId: number }
  | { by: "tooFewPlayers"; startTime: string; players: number; minPlayers: number };

/**
 * Cancelling a game, the one way: the organiser's cancel, the minimum-players job and account
 * deletion all end here, and everything that must follow (pushes, mails, and card holds once
 * payments exist) reacts to the one CANCELLED event. The caller holds the game's lock and has
 * checked its own rules (time window, permissions).
 */
export async function cancelGame(deps: Pick<Deps, "reactions">, tx: Tx, game: GameRow, cancellation: Cancellation, now: Date): Promise<void> {
  if (game.cancelledAt) throw new AppError("GAME_ALREADY_CANCELLED");
  const actorId = cancellation.by === "tooFewPlayers" ? null : cancellation.actorId;
  const reason = cancellation.by === "organiser" ? cancellation.reason : cancellation.by === "tooFewPlayers" ? "TOO_FEW_PLAYERS" : "UNABLE_TO_ATTEND";
  const message = cancellation.by === "organiser" ? cancellation.message : null;
  await repo.updateGame(tx, game.id, { cancelledAt: now, cancelledById: actorId, cancellationReason: reason, cancellationMessage: message, updatedAt: now });
  await recordGameEvent(deps, tx, {
    gameId: game.id,
    type: "CANCELLED",
    actorId,
    payload: {
      reason,
      message,
      automatic: cancellation.by === "tooFewPlayers",
      accountDeleted: cancellation.by === "accountDeletion",
      ...(cancellation.by === "tooFewPlayers" ? { startTime: cancellation.startTime, players: cancellation.players, minPlayers: cancellation.minPlayers } : {}),
    },
    createdAt: now,
  });
}

/** The game's dynamic fee percentage: its organisation's, else the default 6 (shared/rules/fees.ts). */
export async function gameFeePercentage(db: DbOrTx, game: GameRow): Promise<number> {
  return feePercentageOf(game.organizationId === null ? null : await repo.findOrganizationFee(db, game.organizationId));
}

/** Keeps the game's high-water mark of players (shown to the organiser). */
export async function noteParticipantsAmount(tx: Tx, game: GameRow, amount: number): Promise<void> {
  if (amount > game.highestParticipantsAmountReached) await repo.updateGame(tx, game.id, { highestParticipantsAmountReached: amount });
}

export async function markFeedbackReceived(tx: Tx, gameId: number): Promise<void> {
  await repo.updateGame(tx, gameId, { receivedOrganizerReliabilityFeedback: true });
}
