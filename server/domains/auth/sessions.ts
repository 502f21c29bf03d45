import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { SESSION_DURATION_DAYS } from "@shared/constants";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Deps, Viewer } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { sessions, users } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the access part of a session lasts after its last refresh (README "Access and refresh", 2026-11-29). A
 * session's last refresh is the moment its 30 days began (expires_at - 30 days): no column of its own.
 */
export const SESSION_ACCESS_MINUTES = 60;

/** 20 random bytes, base32: the only copy lives in the user's cookie. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The SHA-256 of the token, hex: the session's id (the runtime's native hash; every signed-in request makes one). */
export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
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
 * Looks a token up. Expired sessions (and those of blocked users) are deleted. A live session whose access part is
 * older than SESSION_ACCESS_MINUTES is `accessStale`: the API transports refuse it with UNAUTHENTICATED until the
 * client refreshes it (`auth.refresh`, GraphQL `refreshToken`), which starts another 30 days.
 */
export async function validateSessionToken(
  deps: Deps,
  token: string,
): Promise<{ viewer: Viewer; accessStale: boolean } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = sessionIdOf(token);
  let query = sessionQueries.get(deps.db);
  if (!query) sessionQueries.set(deps.db, (query = sessionQuery(deps.db)));
  const row = (await query.execute({ id }))[0];
  if (!row) return null;
  const now = deps.clock.now().getTime();
  // A blocked account (issue 26) has no session: blocking deletes them, and one that slipped past is ended here.
  if (row.expiresAt.getTime() <= now || row.blockedAt !== null) {
    await deps.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const refreshedAt = row.expiresAt.getTime() - SESSION_DURATION_DAYS * DAY_MS;
  const accessStale = now - refreshedAt >= SESSION_ACCESS_MINUTES * 60_000;
  return { viewer: { userId: row.userId, isAdmin: row.isAdmin, sessionId: id, sessionExpiresAt: row.expiresAt }, accessStale };
}

function sessionQuery(db: Db) {
  return db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, isAdmin: users.isAdmin, blockedAt: users.blockedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare("auth_session_lookup");
}

/**
 * Built once per database: every signed-in request looks its session up, and building this SQL each time cost about
 * what running it does (scripts/bench/README.md, the hot join).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/** Extends a session to the full 30 days and so renews its access part (the refresh call, a page load). */
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
