import { describe, expect, test } from "bun:test";
import { createTRPCClient, TRPCClientError, type TRPCLink } from "@trpc/client";
import { initTRPC } from "@trpc/server";
import { observable } from "@trpc/server/observable";
import { appErrorCode } from "./errors";
import { createRecoveryLink, type RecoveryOptions } from "./recovery-link";

// Only the router's shape matters: the fake server link below answers every call.
const t = initTRPC.create();
const appRouter = t.router({
  games: t.router({ list: t.procedure.query(() => "games") }),
  auth: t.router({ login: t.procedure.mutation(() => "ok") }),
});
type TestRouter = typeof appRouter;

const failure = (code: string) =>
  new TRPCClientError<TestRouter>(code, { result: { error: { code: -32001, message: code, data: { app: { code } } } } } as never);

/** A fake server: answers each call with the next scripted outcome for its path and counts calls. */
function fakeServer(script: Record<string, (string | { ok: unknown })[]>) {
  const calls: string[] = [];
  const link: TRPCLink<TestRouter> = () => ({ op }) =>
    observable((observer) => {
      calls.push(op.path);
      const outcome = script[op.path]?.shift() ?? { ok: "default" };
      // answer asynchronously, as a network would
      setTimeout(() => {
        if (typeof outcome === "string") observer.error(failure(outcome));
        else {
          observer.next({ result: { type: "data", data: outcome.ok } } as never);
          observer.complete();
        }
      }, 1);
      return () => {};
    });
  return { link, calls };
}

function setup(script: Record<string, (string | { ok: unknown })[]>, opts: Partial<RecoveryOptions> & { refreshOk?: boolean } = {}) {
  const server = fakeServer(script);
  const counts = { refresh: 0, signOut: 0, csrf: 0 };
  const recovery = createRecoveryLink<TestRouter>({
    errorCode: appErrorCode,
    hasSession: () => true,
    refresh: async () => {
      counts.refresh++;
      await Bun.sleep(5);
      if (opts.refreshOk === false) throw failure("UNAUTHENTICATED");
    },
    renewCsrfToken: async () => {
      counts.csrf++;
      return true;
    },
    signOut: () => {
      counts.signOut++;
    },
    noRefresh: new Set(["auth.login"]),
    ...opts,
  });
  const client = createTRPCClient<TestRouter>({ links: [recovery, server.link] });
  return { client, counts, calls: server.calls };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => "OK", (e) => appErrorCode(e));

describe("session recovery link (spec 001 section 4, auth refresh)", () => {
  test("an ended session (no logged_in cookie left) signs out once, without a refresh or a replay", async () => {
    const { client, counts, calls } = setup({ "games.list": ["UNAUTHENTICATED"] }, { hasSession: () => false });
    expect(await codeOf(client.games.list.query())).toBe("UNAUTHENTICATED");
    expect(counts).toEqual({ refresh: 0, signOut: 1, csrf: 0 });
    expect(calls).toEqual(["games.list"]);
  });

  test("calls failing together share one refresh; when it fails the user is signed out once and every call fails", async () => {
    const { client, counts, calls } = setup({ "games.list": ["UNAUTHENTICATED", "UNAUTHENTICATED", "UNAUTHENTICATED"] }, { refreshOk: false });
    const codes = await Promise.all([1, 2, 3].map(() => codeOf(client.games.list.query())));
    expect(codes).toEqual(["UNAUTHENTICATED", "UNAUTHENTICATED", "UNAUTHENTICATED"]);
    expect(counts.refresh).toBe(1);
    expect(counts.signOut).toBe(1);
    expect(calls).toHaveLength(3);
  });

  test("when a session was opened meanwhile (another tab signed in), the refresh renews it and the call is replayed", async () => {
    const { client, counts, calls } = setup({ "games.list": ["UNAUTHENTICATED", { ok: "games" }] });
    expect(await client.games.list.query()).toBe("games");
    expect(counts).toEqual({ refresh: 1, signOut: 0, csrf: 0 });
    expect(calls).toEqual(["games.list", "games.list"]);
  });

  test("a call sent before the refresh that fails after it answered is replayed without a second refresh", async () => {
    // Two calls leave with the stale session. The first fails at once and refreshes; the second one's answer (the
    // same permission error) arrives only after that refresh renewed the session: it is replayed, not refreshed again.
    let releaseSlow = () => {};
    const slowAnswer = new Promise<void>((resolve) => (releaseSlow = resolve));
    const calls: string[] = [];
    let n = 0;
    const server: TRPCLink<TestRouter> = () => () =>
      observable((observer) => {
        const call = ++n;
        calls.push(`call ${call}`);
        const answer = (error: boolean) => {
          if (error) observer.error(failure("UNAUTHENTICATED"));
          else {
            observer.next({ result: { type: "data", data: `answer ${call}` } } as never);
            observer.complete();
          }
        };
        if (call === 1) setTimeout(() => answer(true), 1);
        else if (call === 2) void slowAnswer.then(() => answer(true));
        else setTimeout(() => answer(false), 1);
        return () => {};
      });
    let refreshes = 0;
    const recovery = createRecoveryLink<TestRouter>({
      errorCode: appErrorCode,
      hasSession: () => true,
      refresh: async () => {
        refreshes++;
      },
      renewCsrfToken: async () => true,
      signOut: () => {},
      noRefresh: new Set(),
    });
    const client = createTRPCClient<TestRouter>({ links: [recovery, server] });
    const first = client.games.list.query();
    const second = client.games.list.query();
    expect(await first).toBe("answer 3");
    releaseSlow();
    expect(await second).toBe("answer 4");
    expect(refreshes).toBe(1);
    expect(calls).toEqual(["call 1", "call 2", "call 3", "call 4"]);
  });

  test("a call sent before a refresh whose answer finds the session ended after it signs out (no replay, no refresh)", async () => {
    let releaseSlow = () => {};
    const slowAnswer = new Promise<void>((resolve) => (releaseSlow = resolve));
    const calls: string[] = [];
    const server: TRPCLink<TestRouter> = () => () =>
      observable((observer) => {
        const call = calls.push(`call ${calls.length + 1}`);
        const fail = () => observer.error(failure("UNAUTHENTICATED"));
        const answer = () => {
          observer.next({ result: { type: "data", data: `answer ${call}` } } as never);
          observer.complete();
        };
        if (call === 1) setTimeout(fail, 1);
        else if (call === 2) void slowAnswer.then(fail);
        else setTimeout(answer, 1);
        return () => {};
      });
    let session = true;
    const counts = { refresh: 0, signOut: 0 };
    const recovery = createRecoveryLink<TestRouter>({
      errorCode: appErrorCode,
      hasSession: () => session,
      refresh: async () => {
        counts.refresh++;
      },
      renewCsrfToken: async () => true,
      signOut: () => {
        counts.signOut++;
      },
      noRefresh: new Set(),
    });
    const client = createTRPCClient<TestRouter>({ links: [recovery, server] });
    const first = client.games.list.query();
    const second = client.games.list.query();
    expect(await first).toBe("answer 3"); // refreshed and replayed
    session = false; // the session ends elsewhere; the failing answer removed the cookie
    releaseSlow();
    expect(await codeOf(second)).toBe("UNAUTHENTICATED");
    expect(counts).toEqual({ refresh: 1, signOut: 1 });
    expect(calls).toEqual(["call 1", "call 2", "call 3"]);
  });

  test("a replay that fails again is final: no second refresh, no loop", async () => {
    const { client, counts, calls } = setup({ "games.list": ["UNAUTHENTICATED", "UNAUTHENTICATED", { ok: "never asked" }] });
    expect(await codeOf(client.games.list.query())).toBe("UNAUTHENTICATED");
    expect(counts.refresh).toBe(1);
    expect(calls).toEqual(["games.list", "games.list"]);
  });

  test("the auth calls themselves never trigger a refresh; other errors pass on untouched", async () => {
    const { client, counts } = setup({ "auth.login": ["UNAUTHENTICATED"], "games.list": ["NOT_FOUND"] });
    expect(await codeOf(client.auth.login.mutate())).toBe("UNAUTHENTICATED");
    expect(await codeOf(client.games.list.query())).toBe("NOT_FOUND");
    expect(counts).toEqual({ refresh: 0, signOut: 0, csrf: 0 });
  });

  test("a missing CSRF cookie is fetched once and the call replayed", async () => {
    const { client, counts, calls } = setup({ "auth.login": ["CSRF_FAILED", { ok: "signed in" }] });
    expect(await client.auth.login.mutate()).toBe("signed in");
    expect(counts).toEqual({ refresh: 0, signOut: 0, csrf: 1 });
    expect(calls).toEqual(["auth.login", "auth.login"]);
  });
});
