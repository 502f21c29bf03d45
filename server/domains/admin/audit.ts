import type { Tx } from "../../db/client";
import * as repo from "./repo";

/**
 * The audit log (issue 26): every action of the staff console writes exactly one entry, in the SAME
 * transaction as the action, so a failed action leaves none and a done one always has its entry.
 * `before`/`after` are the subject's fields as JSON (dates as ISO strings); null for a creation
 * (before) or a deletion (after).
 */
export type AuditActor = { userId: number };

export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  action: string,
  subjectType: string,
  subjectId: number | null,
  before: unknown,
  after: unknown,
  now?: Date,
): Promise<void> {
  await repo.insertAudit(tx, {
    actorId: actor.userId,
    action,
    subjectType,
    subjectId,
    before: toJson(before),
    after: toJson(after),
    ...(now ? { createdAt: now } : {}),
  });
}

/** Plain JSON of a row: dates as ISO strings, undefined dropped; null stays null. */
export function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

/** Only the fields that differ between two snapshots (both sides), so an entry shows what changed. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(toJson(before[key])) !== JSON.stringify(toJson(after[key]))) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
