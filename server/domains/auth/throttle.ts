import { LOGIN_THROTTLE } from "@shared/constants";
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { loginThrottle } from "../../db/schema";

/**
 * Login throttling (README.md here): per account, the first 5 failures are free, then each
 * further failure imposes a wait that doubles from 30 s up to 15 minutes; per IP, 30 failures
 * in 15 minutes make that IP wait out the window. Waits always end and a success clears the
 * account's counter, so guessing is slowed to a crawl but the real user is never locked out for good.
 *
 * An attempt is counted as a failure *before* its password is checked, in one transaction that
 * holds both counter rows: parallel requests, on any number of server processes, cannot all slip
 * past a check that only sees finished failures. So at most the free guesses are ever being
 * checked or failed at once; a success gives its count back.
 */
const ACCOUNT_MEMORY_MS = 24 * 60 * 60 * 1000;
const IP_WINDOW_MS = LOGIN_THROTTLE.ipWindowSeconds * 1000;

const accountKey = (email: string) => `account:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** An admitted attempt, already counted as a failure until `recordLoginSuccess` says otherwise. */
export type LoginAttempt = { email: string; ip: string; countedAt: Date };
export type LoginAdmission = { allowed: true; attempt: LoginAttempt } | { allowed: false; retryAfterSeconds: number };

type Counter = { failures: number; windowStartedAt: Date; lockedUntil: Date | null };

/** The key's row, created if missing and locked until the transaction ends. */
async function lockCounter(tx: Tx, key: string, now: Date): Promise<Counter> {
  // A no-op upsert rather than SELECT … FOR UPDATE: it also locks a row another request is inserting
  // or deleting right now, and always returns one.
  const [row] = await tx
    .insert(loginThrottle)
    .values({ key, failures: 0, windowStartedAt: now })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { failures: sql`${loginThrottle.failures}` } })
    .returning({ failures: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt, lockedUntil: loginThrottle.lockedUntil });
  return row!;
}

/** The counter with one more failure, starting afresh when its window has passed. */
function plusOne(counter: Counter, windowMs: number, now: Date): { failures: number; windowStartedAt: Date } {
  return counter.windowStartedAt.getTime() > now.getTime() - windowMs
    ? { failures: counter.failures + 1, windowStartedAt: counter.windowStartedAt }
    : { failures: 1, windowStartedAt: now };
}

/**
 * Admits a login attempt and counts it as a failure, or says how many seconds to wait (then
 * nothing is counted). Call before the password is checked.
 */
export async function beginLoginAttempt(deps: Deps, email: string, ip: string): Promise<LoginAdmission> {
  const t = LOGIN_THROTTLE;
  const now = deps.clock.now();
  const keys = { account: accountKey(email), ip: ipKey(ip) };
  return deps.db.transaction(async (tx): Promise<LoginAdmission> => {
    // Always the account row first, then the address row: two attempts never wait on each other in a cycle.
    const account = await lockCounter(tx, keys.account, now);
    const address = await lockCounter(tx, keys.ip, now);
    const until = Math.max(account.lockedUntil?.getTime() ?? 0, address.lockedUntil?.getTime() ?? 0);
    if (until > now.getTime()) {
      // Refused attempts count nowhere; drop a row this attempt created for nothing.
      await tx
        .delete(loginThrottle)
        .where(and(inArray(loginThrottle.key, [keys.account, keys.ip]), eq(loginThrottle.failures, 0), isNull(loginThrottle.lockedUntil)));
      return { allowed: false, retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
    }
    const a = plusOne(account, ACCOUNT_MEMORY_MS, now);
    const accountWait = Math.min(t.accountBaseLockSeconds * 2 ** (a.failures - t.accountFreeFailures), t.accountMaxLockSeconds);
    await tx
      .update(loginThrottle)
      .set({ ...a, lockedUntil: a.failures >= t.accountFreeFailures ? new Date(now.getTime() + accountWait * 1000) : null })
      .where(eq(loginThrottle.key, keys.account));
    const i = plusOne(address, IP_WINDOW_MS, now);
    await tx
      .update(loginThrottle)
      .set({ ...i, lockedUntil: i.failures >= t.ipMaxFailures ? new Date(i.windowStartedAt.getTime() + IP_WINDOW_MS) : null })
      .where(eq(loginThrottle.key, keys.ip));
    return { allowed: true, attempt: { email, ip, countedAt: now } };
  });
}

/** The password was right: the account's counter is cleared and the address gets this attempt's count back. */
export async function recordLoginSuccess(deps: Deps, attempt: LoginAttempt): Promise<void> {
  const t = LOGIN_THROTTLE;
  await deps.db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(attempt.email)));
  const key = ipKey(attempt.ip);
  // Unless the address's window started afresh since the attempt was counted (then it is not in there).
  await deps.db
    .update(loginThrottle)
    .set({
      failures: sql`${loginThrottle.failures} - 1`,
      lockedUntil: sql`case when ${loginThrottle.failures} - 1 >= ${t.ipMaxFailures} then ${loginThrottle.lockedUntil} else null end`,
    })
    .where(and(eq(loginThrottle.key, key), gt(loginThrottle.failures, 0), lte(loginThrottle.windowStartedAt, attempt.countedAt)));
  await deps.db.delete(loginThrottle).where(and(eq(loginThrottle.key, key), eq(loginThrottle.failures, 0)));
}
