import type { DbOrTx, Tx } from "../../db/client";
import * as repo from "./repo";

/**
 * Occupied time for other domains (the Google import of domains/calendar): court_occupancies is the bookings
 * domain's table, and this is the one way another domain takes or frees a sub-court. Everything runs in the
 * caller's transaction under the court's lock, so the exclusion constraint and the lock decide exactly as for
 * app and manual bookings.
 */

/** Locks the court row until the transaction ends: whatever occupies one court's sub-courts takes turns. */
export function lockCourt(tx: Tx, courtId: number): Promise<void> {
  return repo.lockCourt(tx, courtId);
}

/** Occupies a sub-court for an imported event, or answers false when something else holds an overlapping time there. */
export function occupyForEvent(tx: Tx, values: { courtId: number; subCourtId: number; startsAt: Date; endsAt: Date; externalEventId: number }): Promise<boolean> {
  return repo.occupy(tx, values);
}

/** Frees whatever an imported event occupies. */
export function releaseEvent(tx: Tx, externalEventId: number): Promise<void> {
  return repo.release(tx, { externalEventId });
}

/** Per imported event of the court with occupancies overlapping [from, to): the sub-courts it holds. */
export async function subCourtsHeldByEvents(db: DbOrTx, courtId: number, from: Date, to: Date): Promise<Map<number, Set<number>>> {
  const held = new Map<number, Set<number>>();
  for (const o of await repo.occupanciesOf(db, [courtId], from, to)) {
    if (o.externalEventId === null) continue;
    const set = held.get(o.externalEventId) ?? new Set<number>();
    set.add(o.subCourtId);
    held.set(o.externalEventId, set);
  }
  return held;
}
