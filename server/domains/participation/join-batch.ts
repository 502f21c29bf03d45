import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { coalescingWrites } from "../../db/coalesce";
import { AppError } from "../../lib/errors";
import { lockGame, type GameRow } from "../games/core";
import { lockedJoinState, type LockedJoinState } from "./repo";

/**
 * Signed-in joins of one game served under its lock, several in one transaction (README, decision "Joining one hot
 * game").
 *
 * Every join that takes a place or a waiting-list place commits a chat line with a `pg_notify`, and PostgreSQL
 * serialises the commits of notifying transactions with a global lock held through the WAL flush: one join per
 * transaction cannot pass a few hundred joins per second, whatever happens before the lock. So the joins of one game
 * that meet in this process queue here in arrival order, and one transaction at a time takes the game's lock, reads
 * the state once (lockedJoinState), decides the joins one after another on it (each sees the places and the waiting
 * list the ones before it took, exactly as one transaction each would), writes them all (the statements of different
 * joins sent together) and commits them together. Other processes still wait at the row lock; nobody hears an answer
 * before the commit.
 *
 * `decide` reads nothing it has not been given (except, rarely, the game's rules again) and may refuse with an
 * AppError, writing nothing; it records what it took in the state. `write` writes what was decided. If a `write`
 * fails, or `decide` fails otherwise than with an AppError, the transaction is rolled back and every join of the
 * batch is served again in a transaction of its own, as if it had come alone: one join's failure stays its own.
 */

export type LockedJoin<Plan, T> = {
  /** the joining account (its participation and other games are read with the batch's) */
  userId: number;
  /** Under the game lock: checks on `state` and records in it what the join takes; an AppError refuses it (nothing written). */
  decide(tx: Tx, game: GameRow, state: BatchState): Promise<Plan>;
  /** Under the game lock, after every join of the batch decided: writes the join. `game` is the locked row, shared by the batch. */
  write(tx: Tx, game: GameRow, plan: Plan): Promise<T>;
};

/** The state the joins of a batch decide on: as read under the lock, plus what the joins before took. */
export type BatchState = LockedJoinState & {
  /** the accounts that joined earlier in this batch (a second join of theirs is ALREADY_PARTICIPATING) */
  joined: Set<number>;
};

/** The most joins one transaction serves: bounds how long the game's lock is held at a time. */
const BATCH_MAX = 64;

type Waiting = { join: LockedJoin<unknown, unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** Per database (each test app has its own) and game: the joins waiting for the running batch to end. */
const queues = new WeakMap<object, Map<number, Waiting[]>>();

/**
 * Serves `join` under the game's lock, in arrival order, in a batch with the joins of that game waiting beside it;
 * `alone` (a managed-payment game: its reservation calls Stripe under the lock) in a transaction of its own.
 */
export function joinInGameOrder<Plan, T>(db: Deps["db"], gameId: number, join: LockedJoin<Plan, T>, alone = false): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const waiting: Waiting = { join: join as LockedJoin<unknown, unknown>, resolve: resolve as (value: unknown) => void, reject };
    if (alone) return void serveBatch(db, gameId, [waiting]);
    let games = queues.get(db);
    if (!games) queues.set(db, (games = new Map()));
    const queue = games.get(gameId);
    if (queue) return void queue.push(waiting);
    const fresh = [waiting];
    games.set(gameId, fresh);
    void serveQueue(db, gameId, fresh, games);
  });
}

/** Serves the game's queue batch after batch until nobody waits; the next join then starts a new queue. */
async function serveQueue(db: Deps["db"], gameId: number, queue: Waiting[], games: Map<number, Waiting[]>) {
  try {
    while (queue.length > 0) await serveBatch(db, gameId, queue.splice(0, BATCH_MAX));
  } finally {
    games.delete(gameId);
  }
}

/** A join's failure that spoils the batch's transaction. */
class SpoiledBatch extends Error {
  constructor(readonly reason: unknown) {
    super("a join of the batch failed");
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function serveBatch(db: Deps["db"], gameId: number, batch: Waiting[]): Promise<void> {
  let outcomes: Outcome[];
  try {
    outcomes = await db.transaction((tx) => serveLocked(tx, gameId, batch));
  } catch (error) {
    if (!(error instanceof SpoiledBatch)) {
      // the lock (GAME_NOT_FOUND) or the transaction itself (begin, commit) failed: the same answer for every join
      for (const waiting of batch) waiting.reject(error);
    } else if (batch.length === 1) {
      batch[0]!.reject(error.reason);
    } else {
      for (const waiting of batch) await serveBatch(db, gameId, [waiting]);
    }
    return;
  }
  outcomes.forEach((outcome, i) => (outcome.ok ? batch[i]!.resolve(outcome.value) : batch[i]!.reject(outcome.error)));
}

async function serveLocked(tx: Tx, gameId: number, batch: Waiting[]): Promise<Outcome[]> {
  const game = await lockGame(tx, gameId);
  const state: BatchState = { ...(await lockedJoinState(tx, gameId, batch.map((w) => w.join.userId))), joined: new Set() };
  const refused: (Outcome | null)[] = [];
  const plans: unknown[] = [];
  for (const { join } of batch) {
    try {
      plans.push(await join.decide(tx, game, state));
      refused.push(null);
    } catch (error) {
      if (!(error instanceof AppError)) throw new SpoiledBatch(error);
      plans.push(null);
      refused.push({ ok: false, error });
    }
  }
  // The writes of different joins go out together: the same write of every join (its participation, event, chat line,
  // notify) as one statement (db/coalesce.ts), the others pipelined on the transaction's connection; in the order
  // decided, so their ids and queue times follow the order the joins were served in.
  const written = await coalescingWrites(tx, () => Promise.allSettled(batch.map(({ join }, i) => (refused[i] ? null : join.write(tx, game, plans[i])))));
  const failed = written.find((w) => w.status === "rejected");
  if (failed) throw new SpoiledBatch(failed.reason);
  return written.map((w, i) => refused[i] ?? { ok: true, value: (w as PromiseFulfilledResult<unknown>).value });
}
