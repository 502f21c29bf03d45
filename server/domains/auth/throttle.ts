import { LOGIN_THROTTLE } from "@shared/constants";
import { eq, inArray, sql } from "drizzle-orm";
import type { Deps } from "../../context";
import { loginThrottle } from "../../db/schema";

/**
 * Login throttling (README Decisions): per account, the first 5 failures are free, then each
 * further failure imposes a wait that doubles from 30 s up to 15 minutes; per IP, 30 failures
 * in 15 minutes make that IP wait out the window. Waits always end and a success clears the
 * account's counter, so guessing is slowed to a crawl but the real user is never locked out for good.
 */
const ACCOUNT_MEMORY_MS = 24 * 60 * 60 * 1000;

const accountKey = (email: string) => `account:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Seconds until a login may be tried again, or 0. */
export async function loginWaitSeconds(deps: Deps, email: string, ip: string): Promise<number> {
  const rows = await deps.db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [accountKey(email), ipKey(ip)]));
  const now = deps.clock.now().getTime();
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

async function bump(deps: Deps, key: string, windowMs: number): Promise<number> {
  const now = deps.clock.now();
  // Dates inside sql`` go as ISO text: postgres.js cannot serialise raw Date parameters there.
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await deps.db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${nowSql} else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
  return row?.failures ?? 1;
}

export async function recordLoginFailure(deps: Deps, email: string, ip: string): Promise<void> {
  const now = deps.clock.now().getTime();
  const t = LOGIN_THROTTLE;
  const accountFailures = await bump(deps, accountKey(email), ACCOUNT_MEMORY_MS);
  if (accountFailures >= t.accountFreeFailures) {
    const seconds = Math.min(t.accountBaseLockSeconds * 2 ** (accountFailures - t.accountFreeFailures), t.accountMaxLockSeconds);
    await deps.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(now + seconds * 1000) })
      .where(eq(loginThrottle.key, accountKey(email)));
  }
  const ipFailures = await bump(deps, ipKey(ip), t.ipWindowSeconds * 1000);
  if (ipFailures >= t.ipMaxFailures) {
    await deps.db
      .update(loginThrottle)
      .set({ lockedUntil: sql`${loginThrottle.windowStartedAt} + make_interval(secs => ${t.ipWindowSeconds})` })
      .where(eq(loginThrottle.key, ipKey(ip)));
  }
}

export async function recordLoginSuccess(deps: Deps, email: string): Promise<void> {
  await deps.db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(email)));
}
