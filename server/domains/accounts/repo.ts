import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTokens } from "../../db/schema";

export type TokenKind = "confirm-email" | "reset-password";

export async function insertToken(db: DbOrTx, values: typeof accountTokens.$inferInsert) {
  await db.insert(accountTokens).values(values);
}

export async function findToken(db: DbOrTx, kind: TokenKind, tokenHash: string) {
  const rows = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.kind, kind), eq(accountTokens.tokenHash, tokenHash)))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

export async function lastTokenSince(db: DbOrTx, userId: number, kind: TokenKind, since: Date) {
  const rows = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), gt(accountTokens.createdAt, since)))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function markUsed(db: DbOrTx, id: number, now: Date) {
  await db.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, id));
}

/** Every open token of a kind ends (a new password, a changed address). */
export async function expireTokens(db: DbOrTx, userId: number, kind: TokenKind, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

export async function deleteTokens(db: DbOrTx, userId: number) {
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
}
