import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { sessions } from "../../db/schema";
import { createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { testDeps } from "../../testing/test-db";
import { SESSION_ACCESS_MINUTES, sessionIdOf } from "./sessions";

/**
 * Spec 000 section 7 / 001 section 4 "Auth refresh" on both transports (README "Access and refresh"): a session whose
 * access part is stale is refused with the permission error on every call but the auth ones; the refresh renews it and
 * the same call then succeeds; a session that has ended cannot be refreshed and its cookies are cleared.
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const DAY = 24 * 60 * 60_000;
const PERMISSION = "You do not have permission to perform this action";

/** Ages a session as if its last refresh was `minutes` ago (the real clock: the app's requests read deps.clock). */
async function ageSession(token: string, minutes: number) {
  const refreshedAt = deps.clock.now().getTime() - minutes * 60_000;
  await deps.db.update(sessions).set({ expiresAt: new Date(refreshedAt + 30 * DAY) }).where(eq(sessions.id, sessionIdOf(token)));
}

async function signedInWeb() {
  const user = await createUser(deps);
  const web = httpClient(deps, { refresh: false });
  const login = await web.trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
  expect(login.res.status).toBe(200);
  return { user, web, token: web.jar.get("session")! };
}

describe("tRPC: a stale session refreshes and the call succeeds", () => {
  test("every call but the auth ones answers UNAUTHENTICATED (401) with the cookies kept; auth.refresh renews it", async () => {
    const { user, web, token } = await signedInWeb();
    expect(((await web.trpc("users.myAccount", undefined, "query")).body.result?.data.json as { id: number }).id).toBe(user.id);

    await ageSession(token, SESSION_ACCESS_MINUTES - 1);
    expect((await web.trpc("users.myAccount", undefined, "query")).res.status).toBe(200);

    await ageSession(token, SESSION_ACCESS_MINUTES);
    for (const call of [() => web.trpc("users.myAccount", undefined, "query"), () => web.trpc("regions.list", undefined, "query")]) {
      const refused = await call();
      expect(refused.res.status).toBe(401);
      expect(refused.body.error?.json.data.app.code).toBe("UNAUTHENTICATED");
      expect(refused.body.error?.json.message).toBe(PERMISSION);
    }
    // the session lives: both cookies stay, so the client knows a refresh can work
    expect(web.jar.get("session")).toBe(token);
    expect(web.jar.has("logged_in")).toBe(true);

    const refreshed = await web.trpc("auth.refresh");
    expect(refreshed.res.status).toBe(200);
    const [row] = await deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionIdOf(token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    expect(((await web.trpc("users.myAccount", undefined, "query")).body.result?.data.json as { id: number }).id).toBe(user.id);
  });

  test("logout works on a stale session; an ended session's refresh fails and clears both cookies", async () => {
    const { web, token } = await signedInWeb();
    await ageSession(token, SESSION_ACCESS_MINUTES + 5);
    expect((await web.trpc("auth.logout")).res.status).toBe(200);
    expect(await deps.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token)))).toHaveLength(0);

    const other = await signedInWeb();
    await deps.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionIdOf(other.token)));
    const refused = await other.web.trpc("auth.refresh");
    expect(refused.body.error?.json.data.app.code).toBe("UNAUTHENTICATED");
    expect(other.web.jar.has("session")).toBe(false);
    expect(other.web.jar.has("logged_in")).toBe(false);
  });
  // A page load renews a stale session (a navigation, not an API call): server/http/boot-data.test.ts.
});

describe("GraphQL: the wrapper's refreshToken", () => {
  const MY_ACCOUNT = `query myAccount { myAccount { id } }`;
  const REFRESH = `mutation refreshToken($refreshToken: String) { refreshToken(refreshToken: $refreshToken) { token refreshExpiresIn } }`;

  test("a stale session: the permission error on every operation; refreshToken renews it; the operation then answers", async () => {
    const user = await createUser(deps);
    const wrapper = httpClient(deps, { refresh: false });
    const login = await wrapper.graphql<{ tokenAuth: { token: string } }>(
      `mutation($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }`,
      { e: user.email, p: FACTORY_PASSWORD },
    );
    const token = login.body.data!.tokenAuth.token;
    // the wrapper sends its token in the header, no cookie
    const app = httpClient(deps, { refresh: false });
    const call = (query: string, variables: Record<string, unknown> = {}) =>
      app.request("/graphql", { method: "POST", headers: { "content-type": "application/json", authorization: `JWT ${token}` }, body: JSON.stringify({ query, variables }) }).then(
        (r) => r.json() as Promise<{ data: Record<string, any> | null; errors?: { message: string; extensions: { code: string } }[] }>,
      );
    expect((await call(MY_ACCOUNT)).data?.myAccount.id).toBe(String(user.id));

    await ageSession(token, SESSION_ACCESS_MINUTES);
    const refused = await call(MY_ACCOUNT);
    expect(refused.errors?.[0]).toMatchObject({ message: PERMISSION, extensions: { code: "UNAUTHENTICATED" } });
    // public operations too: the wrapper refreshes on the message, whatever it asked
    expect((await call(`query { regions { id } }`)).errors?.[0]?.message).toBe(PERMISSION);

    const refreshed = await call(REFRESH, { refreshToken: token });
    expect(refreshed.errors).toBeUndefined();
    expect(refreshed.data?.refreshToken.token).toBe(token);
    expect(refreshed.data?.refreshToken.refreshExpiresIn).toBeGreaterThan(Date.now() / 1000 + 30 * 86400 - 60);
    expect((await call(MY_ACCOUNT)).data?.myAccount.id).toBe(String(user.id));
  });
});
