import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { SESSION_DURATION_DAYS, SESSION_RENEW_WITHIN_DAYS } from "@shared/constants";
import { and, eq, lt, ne } from "drizzle-orm";
import type { Deps, Viewer } from "../../context";
import type { DbOrTx } from "../../db/client";
import { sessions, users } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** 20 random bytes, base32: the only copy lives in the user's cookie. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  deps: Deps,
  userId: number,
  userAgent: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(deps.clock.now().getTime() + SESSION_DURATION_DAYS * DAY_MS);
  await deps.db.insert(sessions).values({
    id: sessionIdOf(token),
    userId,
    expiresAt,
    createdAt: deps.clock.now(),
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

/**
 * Looks a token up. Expired sessions are deleted; a session with less than 15 days left is
 * extended to 30 days (sliding expiry) and `renewed` tells the caller to re-send the cookie.
 */
export async function validateSessionToken(
  deps: Deps,
  token: string,
): Promise<{ viewer: Viewer; renewed: boolean } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = sessionIdOf(token);
  const rows = await deps.db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, isAdmin: users.isAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = deps.clock.now().getTime();
  if (row.expiresAt.getTime() <= now) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now < SESSION_RENEW_WITHIN_DAYS * DAY_MS) {
    expiresAt = new Date(now + SESSION_DURATION_DAYS * DAY_MS);
    await deps.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  return { viewer: { userId: row.userId, isAdmin: row.isAdmin, sessionId: id, sessionExpiresAt: expiresAt }, renewed };
}

/** Extends a session to the full 30 days (the refresh call). */
export async function extendSession(deps: Deps, sessionId: string): Promise<Date> {
  const expiresAt = new Date(deps.clock.now().getTime() + SESSION_DURATION_DAYS * DAY_MS);
  await deps.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

/** Whether a session still lasts (not signed out, not ended, not expired): the notifications domain keeps a device with the account whose session bound it. */
export async function sessionIsLive(db: DbOrTx, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return rows.length > 0 && rows[0]!.expiresAt.getTime() > now.getTime();
}

export async function invalidateSession(deps: Deps, sessionId: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId` (password change). */
export async function endUserSessions(db: DbOrTx, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(deps: Deps): Promise<void> {
  await deps.db.delete(sessions).where(and(lt(sessions.expiresAt, deps.clock.now())));
}
