import { beforeAll, describe, expect, spyOn, test } from "bun:test";
import { LOGIN_THROTTLE } from "@shared/constants";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { sessions, users } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createRegion, createUser, FACTORY_PASSWORD, uniqueEmail } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { SESSION_ACCESS_MINUTES, sessionIdOf, validateSessionToken } from "./sessions";

let deps: Deps;
let regionSlug: string;
beforeAll(async () => {
  deps = await testDeps();
  regionSlug = (await createRegion(deps)).slug;
});

const registration = () => ({
  email: uniqueEmail(),
  password: "geheim1",
  firstName: "Anna",
  regionSlug,
  dateOfBirth: "2000-05-05",
  language: "de" as const,
});

test("a session's id is the SHA-256 of its token, hex (the ids stored so far stay valid)", () => {
  // FIPS 180-2's test vectors
  expect(sessionIdOf("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  expect(sessionIdOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
});

describe("register", () => {
  test("creates the account, signs in and stores only the token's hash", async () => {
    const { caller, cookies } = await callerFor(deps);
    const input = registration();
    const result = await caller.auth.register(input);
    expect(result.userId).toBeGreaterThan(0);
    expect(result).not.toHaveProperty("token"); // the HttpOnly cookie is the only copy the browser gets
    expect(cookies.token).toMatch(/^[a-z2-7]{32}$/);
    const [row] = await deps.db.select().from(sessions).where(eq(sessions.userId, result.userId));
    expect(row!.id).toBe(sessionIdOf(cookies.token!));
    expect(row!.id).not.toBe(cookies.token!);
    const [user] = await deps.db.select().from(users).where(eq(users.id, result.userId));
    expect(user!.passwordHash).toStartWith("$argon2id$");
    expect(user!.emailVerifiedAt).toBeNull();
    const me = await (await callerFor(deps, { token: cookies.token })).caller.users.myAccount();
    expect(me).toMatchObject({ email: input.email, firstName: "Anna", region: { slug: regionSlug }, applicationLanguage: "de" });
  });

  test("refuses an e-mail already in use, whatever its case", async () => {
    const input = registration();
    await (await callerFor(deps)).caller.auth.register(input);
    const again = (await callerFor(deps)).caller.auth.register({ ...input, email: input.email.toUpperCase() });
    expect(await errorData(again)).toMatchObject({ code: "EMAIL_IN_USE" });
  });

  test("two simultaneous registrations with one e-mail create one account", async () => {
    const input = registration();
    const results = await Promise.allSettled([
      (await callerFor(deps)).caller.auth.register(input),
      (await callerFor(deps)).caller.auth.register(input),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await deps.db.select().from(users).where(eq(users.email, input.email));
    expect(rows).toHaveLength(1);
  });

  test("asks no date of birth (the user confirms being 16 through the legal hint)", async () => {
    const { dateOfBirth: _none, ...withoutDate } = registration();
    const { userId } = await (await callerFor(deps)).caller.auth.register(withoutDate);
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    expect(user!.dateOfBirth).toBeNull();
  });

  test("a given date of birth needs an age of at least 16 on today's Berlin date, and no future", async () => {
    testClock.freeze("2026-11-20T23:30:00Z"); // already 21 November in Berlin
    const ok = (await callerFor(deps)).caller.auth.register({ ...registration(), dateOfBirth: "2010-11-21" });
    await expect(ok).resolves.toHaveProperty("userId");
    const young = (await callerFor(deps)).caller.auth.register({ ...registration(), dateOfBirth: "2010-11-22" });
    expect(await errorData(young)).toMatchObject({ code: "TOO_YOUNG" });
    const future = (await callerFor(deps)).caller.auth.register({ ...registration(), dateOfBirth: "2030-01-01" });
    expect(await errorData(future)).toEqual({ code: "VALIDATION", fields: [{ path: "dateOfBirth", code: "date_in_future" }] }); // as on the profile
  });

  test("an unknown region is refused", async () => {
    expect(await errorData((await callerFor(deps)).caller.auth.register({ ...registration(), regionSlug: "atlantis" }))).toMatchObject({ code: "REGION_NOT_FOUND" });
  });

  test("invalid fields come back as field codes", async () => {
    try {
      await (await callerFor(deps)).caller.auth.register({ ...registration(), firstName: "Anna😀", password: "123" });
      throw new Error("expected failure");
    } catch (e) {
      const err = e as { code: string; cause: { issues: { path: string[]; message: string }[] } };
      expect(err.code).toBe("BAD_REQUEST");
      expect(err.cause.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["password", "password_too_short"],
        ["firstName", "name_invalid_chars"],
      ]);
    }
  });

  test("without the CSRF header nothing is created", async () => {
    const input = registration();
    expect(await errorData((await callerFor(deps, { csrfOk: false })).caller.auth.register(input))).toMatchObject({ code: "CSRF_FAILED" });
    expect(await deps.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
  });
});

describe("login, logout, refresh", () => {
  test("login with the right password opens a new session each time", async () => {
    const user = await createUser(deps);
    const first = await callerFor(deps);
    await first.caller.auth.login({ email: user.email.toUpperCase(), password: FACTORY_PASSWORD });
    // logging in again from a signed-in browser replaces the old session
    const second = await callerFor(deps, { token: first.cookies.token });
    const result = await second.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    expect(result.userId).toBe(user.id);
    expect(second.cookies.token).not.toBe(first.cookies.token);
    expect(await (await callerFor(deps, { token: first.cookies.token })).caller.users.myAccount()).toBeNull();
    expect((await (await callerFor(deps, { token: second.cookies.token })).caller.users.myAccount())?.id).toBe(user.id);
  });

  test("wrong password and unknown e-mail give the same answer", async () => {
    const user = await createUser(deps);
    const { caller } = await callerFor(deps, { ip: "198.51.100.1" });
    expect(await errorData(caller.auth.login({ email: user.email, password: "falsch!" }))).toMatchObject({ code: "INVALID_CREDENTIALS" });
    expect(await errorData(caller.auth.login({ email: uniqueEmail(), password: "falsch!" }))).toMatchObject({ code: "INVALID_CREDENTIALS" });
  });

  test("logout ends the session and clears the cookie", async () => {
    const user = await createUser(deps);
    const a = await callerFor(deps);
    await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    const b = await callerFor(deps, { token: a.cookies.token });
    await b.caller.auth.logout();
    expect(b.cookies.cleared).toBe(true);
    expect(await (await callerFor(deps, { token: a.cookies.token })).caller.users.myAccount()).toBeNull();
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  test("sessions last 30 days from their last refresh; the access part goes stale after an hour", async () => {
    const user = await createUser(deps);
    testClock.freeze("2026-01-01T12:00:00Z");
    const a = await callerFor(deps);
    const { refreshExpiresIn } = await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    expect(refreshExpiresIn).toBe(Date.parse("2026-01-31T12:00:00Z") / 1000);
    const token = a.cookies.token!;

    testClock.freeze("2026-01-01T12:59:59Z");
    expect(await validateSessionToken(deps, token)).toMatchObject({ accessStale: false });
    testClock.freeze("2026-01-01T13:00:00Z"); // SESSION_ACCESS_MINUTES after the login
    expect(SESSION_ACCESS_MINUTES).toBe(60);
    const stale = await validateSessionToken(deps, token);
    expect(stale).toMatchObject({ accessStale: true, viewer: { userId: user.id } });
    // no silent renewal: only the refresh starts another 30 days
    expect(stale!.viewer.sessionExpiresAt.toISOString()).toBe("2026-01-31T12:00:00.000Z");

    testClock.freeze("2026-01-20T12:00:00Z");
    const b = await callerFor(deps, { token });
    expect((await b.caller.auth.refresh()).refreshExpiresIn).toBe(Date.parse("2026-02-19T12:00:00Z") / 1000);
    expect(await validateSessionToken(deps, token)).toMatchObject({ accessStale: false });

    testClock.freeze("2026-02-19T12:00:00Z"); // 30 days after the refresh: gone, never to be refreshed
    expect(await validateSessionToken(deps, token)).toBeNull();
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await errorData((await callerFor(deps, { token })).caller.auth.refresh())).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test("refresh extends the session; without one it is refused", async () => {
    const user = await createUser(deps);
    testClock.freeze("2026-03-01T00:00:00Z");
    const a = await callerFor(deps);
    await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    testClock.freeze("2026-03-05T00:00:00Z");
    const b = await callerFor(deps, { token: a.cookies.token });
    const r = await b.caller.auth.refresh();
    expect(r.refreshExpiresIn).toBe(Date.parse("2026-04-04T00:00:00Z") / 1000);
    expect(b.cookies.token).toBe(a.cookies.token);
    expect(await errorData((await callerFor(deps)).caller.auth.refresh())).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("login throttling", () => {
  test("slows guessing per account, then lets the real user in once the wait is over", async () => {
    const user = await createUser(deps);
    testClock.freeze("2026-05-01T10:00:00Z");
    const guess = async (ip: string) =>
      (await errorData((await callerFor(deps, { ip })).caller.auth.login({ email: user.email, password: "falsch!" }))).code;
    // five free failures from different addresses
    for (let i = 0; i < LOGIN_THROTTLE.accountFreeFailures; i++) expect(await guess(`192.0.2.${i}`)).toBe("INVALID_CREDENTIALS");
    // now even the right password waits (the answer must not reveal whether it was right)
    const blocked = (await callerFor(deps, { ip: "192.0.2.99" })).caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    expect(await errorData(blocked)).toMatchObject({ code: "TOO_MANY_LOGIN_ATTEMPTS" });
    try {
      await (await callerFor(deps)).caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    } catch (e) {
      expect((e as { cause: { details: { retryAfterSeconds: number } } }).cause.details.retryAfterSeconds).toBe(
        LOGIN_THROTTLE.accountBaseLockSeconds,
      );
    }
    testClock.advance(LOGIN_THROTTLE.accountBaseLockSeconds * 1000);
    const ok = await (await callerFor(deps)).caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    expect(ok.userId).toBe(user.id);
    // success cleared the counter: five more free tries
    expect(await guess("192.0.2.200")).toBe("INVALID_CREDENTIALS");
    expect(await guess("192.0.2.201")).toBe("INVALID_CREDENTIALS");
  });

  test("the wait doubles from 30 s and is capped at 15 minutes", async () => {
    const user = await createUser(deps);
    testClock.freeze("2026-05-02T10:00:00Z");
    const waits: number[] = [];
    for (let attempt = 0; waits.length < 7 && attempt < 40; attempt++) {
      try {
        await (await callerFor(deps, { ip: `192.0.2.${attempt}` })).caller.auth.login({ email: user.email, password: "falsch!" });
      } catch (e) {
        const err = e as { cause?: { code?: string; details?: { retryAfterSeconds?: number } } };
        if (err.cause?.code === "TOO_MANY_LOGIN_ATTEMPTS") {
          const wait = err.cause.details!.retryAfterSeconds!;
          waits.push(wait);
          testClock.advance(wait * 1000);
        }
      }
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  test("one address guessing many accounts is stopped for the window", async () => {
    testClock.freeze("2026-05-03T10:00:00Z");
    const ip = "198.51.100.77";
    for (let i = 0; i < LOGIN_THROTTLE.ipMaxFailures; i++) {
      expect(await errorData((await callerFor(deps, { ip })).caller.auth.login({ email: uniqueEmail(), password: "x" }))).toMatchObject({ code: "INVALID_CREDENTIALS" });
    }
    const user = await createUser(deps);
    const fromThere = (await callerFor(deps, { ip })).caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    expect(await errorData(fromThere)).toMatchObject({ code: "TOO_MANY_LOGIN_ATTEMPTS" });
    // another address is not affected
    await expect((await callerFor(deps, { ip: "198.51.100.78" })).caller.auth.login({ email: user.email, password: FACTORY_PASSWORD })).resolves.toHaveProperty("userId");
    testClock.advance(LOGIN_THROTTLE.ipWindowSeconds * 1000);
    await expect((await callerFor(deps, { ip })).caller.auth.login({ email: user.email, password: FACTORY_PASSWORD })).resolves.toHaveProperty("userId");
  });
});

/**
 * Runs the logins at once and holds every password check until each login is either checking
 * its password or already answered, so the checks truly overlap (the worst case for a throttle
 * that reads before it counts). `late` starts once `afterChecks` checks are under way (or every
 * other login is checking or answered). Counts the argon2 verifications.
 */
async function overlapping(
  logins: (() => Promise<unknown>)[],
  late: { afterChecks: number; login: () => Promise<unknown> },
): Promise<{ codes: (string | undefined)[]; lateCode: string | undefined; checks: number }> {
  const realVerify = Bun.password.verify.bind(Bun.password);
  const total = logins.length + 1;
  let checks = 0;
  let answeredUnchecked = 0;
  let released = false;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let startLate!: () => void;
  const lateMayStart = new Promise<void>((r) => (startLate = r));
  const progress = () => {
    if (checks >= late.afterChecks || checks + answeredUnchecked >= logins.length) startLate();
    if (!released && checks + answeredUnchecked >= total) {
      released = true;
      release();
    }
  };
  const spy = spyOn(Bun.password, "verify").mockImplementation(async (password, hash, algorithm) => {
    checks++;
    progress();
    await gate;
    return realVerify(password, hash, algorithm);
  });
  // Before the gate opens, an answered login is one that never reached its password check.
  const run = (login: () => Promise<unknown>) =>
    errorData(login())
      .then((answer) => answer.code)
      .finally(() => {
        if (!released) answeredUnchecked++;
        progress();
      });
  try {
    const all = logins.map(run);
    const lateCode = await lateMayStart.then(() => run(late.login));
    return { codes: await Promise.all(all), lateCode, checks };
  } finally {
    spy.mockRestore();
  }
}

describe("login throttling under parallel requests", () => {
  const count = (codes: (string | undefined)[], code: string) => codes.filter((c) => c === code).length;

  test("60 parallel guesses at one account get only the 5 free checks; the right password waits too", async () => {
    const user = await createUser(deps);
    testClock.freeze("2026-05-04T10:00:00Z");
    const ip = "198.51.100.90";
    const login = (password: string) => async () => (await callerFor(deps, { ip })).caller.auth.login({ email: user.email, password });
    const free = LOGIN_THROTTLE.accountFreeFailures;
    const { codes, lateCode, checks } = await overlapping(
      Array.from({ length: 60 }, () => login("falsch!")),
      { afterChecks: free, login: login(FACTORY_PASSWORD) },
    );
    expect(checks).toBe(free);
    expect(count(codes, "INVALID_CREDENTIALS")).toBe(free);
    expect(count(codes, "TOO_MANY_LOGIN_ATTEMPTS")).toBe(60 - free);
    expect(lateCode).toBe("TOO_MANY_LOGIN_ATTEMPTS");
    // the five failures impose the first wait, no more and no less
    testClock.advance(LOGIN_THROTTLE.accountBaseLockSeconds * 1000 - 1000);
    expect(await errorData(login(FACTORY_PASSWORD)())).toMatchObject({ code: "TOO_MANY_LOGIN_ATTEMPTS" });
    testClock.advance(1000);
    expect(await login(FACTORY_PASSWORD)()).toHaveProperty("userId", user.id);
  });

  test("60 parallel guesses at different accounts from one address get only its 30 checks", async () => {
    const user = await createUser(deps);
    testClock.freeze("2026-05-05T10:00:00Z");
    const ip = "198.51.100.91";
    const login = (email: string, password: string) => async () => (await callerFor(deps, { ip })).caller.auth.login({ email, password });
    const max = LOGIN_THROTTLE.ipMaxFailures;
    const { codes, lateCode, checks } = await overlapping(
      Array.from({ length: 60 }, () => login(uniqueEmail(), "falsch!")),
      { afterChecks: max, login: login(user.email, FACTORY_PASSWORD) },
    );
    expect(checks).toBe(max);
    expect(count(codes, "INVALID_CREDENTIALS")).toBe(max);
    expect(count(codes, "TOO_MANY_LOGIN_ATTEMPTS")).toBe(60 - max);
    expect(lateCode).toBe("TOO_MANY_LOGIN_ATTEMPTS");
    testClock.advance(LOGIN_THROTTLE.ipWindowSeconds * 1000);
    expect(await login(user.email, FACTORY_PASSWORD)()).toHaveProperty("userId", user.id);
  });

  test("successful logins do not use up an address's allowance of failures", async () => {
    const user = await createUser(deps);
    testClock.freeze("2026-05-06T10:00:00Z");
    const ip = "198.51.100.92";
    const login = async (email: string, password: string) => (await errorData((async () => (await callerFor(deps, { ip })).caller.auth.login({ email, password }))())).code;
    const guesses = Array.from({ length: LOGIN_THROTTLE.ipMaxFailures - 1 }, () => login(uniqueEmail(), "falsch!"));
    expect(new Set(await Promise.all(guesses))).toEqual(new Set(["INVALID_CREDENTIALS"]));
    // each attempt is counted while its password is checked; a success gives its count back
    expect(await login(user.email, FACTORY_PASSWORD)).toBe("OK");
    expect(await login(user.email, FACTORY_PASSWORD)).toBe("OK");
    expect(await login(uniqueEmail(), "falsch!")).toBe("INVALID_CREDENTIALS"); // the 30th failure
    expect(await login(user.email, FACTORY_PASSWORD)).toBe("TOO_MANY_LOGIN_ATTEMPTS");
  });
});
