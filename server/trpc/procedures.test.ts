import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { callerFor } from "../testing/caller";
import { createUser, FACTORY_PASSWORD } from "../testing/factories";
import { testDeps } from "../testing/test-db";
import { createCallerFactory, router } from "./init";
import { adminProcedure, authedProcedure, publicProcedure } from "./procedures";

// A router of its own, so the three procedure kinds are tested without depending on a feature.
const probe = router({
  open: publicProcedure.query(({ ctx }) => ctx.viewer?.userId ?? null),
  mine: authedProcedure.query(({ ctx }) => ctx.viewer.userId),
  staff: adminProcedure.query(() => "ok"),
  change: publicProcedure.mutation(() => "changed"),
});
const probeCaller = createCallerFactory(probe);

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

async function ctxOf(user: { email: string } | null, csrfOk = true) {
  if (!user) return (await callerFor(deps, { csrfOk })).ctx;
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token, csrfOk })).ctx;
}

describe("procedures", () => {
  test("public, authed and admin", async () => {
    const player = await createUser(deps);
    const admin = await createUser(deps, { isAdmin: true });
    const anon = probeCaller(await ctxOf(null));
    const asPlayer = probeCaller(await ctxOf(player));
    const asAdmin = probeCaller(await ctxOf(admin));

    expect(await anon.open()).toBeNull();
    await expect(anon.mine()).rejects.toMatchObject({ code: "UNAUTHORIZED", cause: { code: "UNAUTHENTICATED" } });
    await expect(anon.staff()).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    expect(await asPlayer.mine()).toBe(player.id);
    await expect(asPlayer.staff()).rejects.toMatchObject({ code: "FORBIDDEN", cause: { code: "FORBIDDEN" } });
    expect(await asAdmin.staff()).toBe("ok");
  });

  test("every mutation checks CSRF, queries do not need it", async () => {
    const noCsrf = probeCaller(await ctxOf(null, false));
    expect(await noCsrf.open()).toBeNull();
    await expect(noCsrf.change()).rejects.toMatchObject({ code: "FORBIDDEN", cause: { code: "CSRF_FAILED" } });
  });
});
