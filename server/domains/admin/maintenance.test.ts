import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { auditLog, maintenanceWindows } from "../../db/schema";
import { MAINTENANCE_RETRY_AFTER_SECONDS } from "../../http/maintenance";
import { callerFor, errorData } from "../../testing/caller";
import { eventually } from "../../testing/eventually";
import { createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { mutateOn, useServerProcesses } from "../../testing/server-process";
import { testDeps } from "../../testing/test-db";
import { createSession } from "../auth/sessions";

/** Maintenance mode (issue 27, spec 001 section 8): domains/admin/maintenance.ts and http/maintenance.ts. */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const MESSAGE = "Kickrunde is in maintenance mode.";

async function adminCaller() {
  const admin = await createUser(deps, { isAdmin: true });
  const { token } = await createSession(deps, admin.id, null);
  return { admin, ...(await callerFor(deps, { token })) };
}

// every test leaves the switch off: the run's other files share this database
afterEach(async () => {
  await (await adminCaller()).caller.admin.setMaintenance({ on: false });
});

describe("the switch in the staff console", () => {
  test("on and off by an administrator, each with its audit entry; switching to the same state records nothing", async () => {
    const { admin, caller } = await adminCaller();
    expect(await caller.admin.maintenance()).toMatchObject({ on: false, environment: false, startedAt: null });
    const on = await caller.admin.setMaintenance({ on: true, note: "Datenbank-Umzug" });
    expect(on).toMatchObject({ on: true, environment: false, note: "Datenbank-Umzug" });
    expect(on.startedAt).toBeInstanceOf(Date);
    expect(await caller.admin.setMaintenance({ on: true, note: "noch mal" })).toMatchObject({ on: true, note: "Datenbank-Umzug" });
    const [open] = await deps.db.select().from(maintenanceWindows).where(eq(maintenanceWindows.startedById, admin.id));
    expect(open!.endedAt).toBeNull();

    expect(await caller.admin.setMaintenance({ on: false })).toMatchObject({ on: false, startedAt: null });
    const [closed] = await deps.db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, open!.id));
    expect(closed).toMatchObject({ endedById: admin.id });
    const entries = await deps.db.select().from(auditLog).where(and(eq(auditLog.subjectType, "maintenance"), eq(auditLog.subjectId, open!.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(["maintenance.start", "maintenance.stop"]);
  });

  test("players cannot switch it; a note longer than 200 characters is refused", async () => {
    const player = await createUser(deps);
    const { caller } = await callerFor(deps, { token: (await createSession(deps, player.id, null)).token });
    expect(await errorData(caller.admin.setMaintenance({ on: true }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorData((await adminCaller()).caller.admin.setMaintenance({ on: true, note: "x".repeat(201) }))).toMatchObject({ code: "VALIDATION" });
  });
});

describe("while on: every API answers 503 with Retry-After in its transport's shape", () => {
  test("tRPC (single and batched), GraphQL, /api/*; health says so; a player cannot sign in to anything", async () => {
    const player = await createUser(deps);
    const web = httpClient(deps);
    await web.trpc("auth.login", { email: player.email, password: FACTORY_PASSWORD });
    await (await adminCaller()).caller.admin.setMaintenance({ on: true });

    const single = await web.trpc("regions.list", undefined, "query");
    expect(single.res.status).toBe(503);
    expect(single.res.headers.get("retry-after")).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
    expect(single.body.error?.json).toMatchObject({ message: MESSAGE, data: { httpStatus: 503, app: { code: "MAINTENANCE" } } });

    const batch = await web.request(`/trpc/regions.list,users.myAccount?batch=1&input=${encodeURIComponent("{}")}`);
    expect(batch.status).toBe(503);
    const answers = (await batch.json()) as { error: { json: { data: { app: { code: string }; path: string } } } }[];
    expect(answers.map((a) => [a.error.json.data.path, a.error.json.data.app.code])).toEqual([
      ["regions.list", "MAINTENANCE"],
      ["users.myAccount", "MAINTENANCE"],
    ]);

    const gql = await httpClient(deps).request("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ regions { id } }" }) });
    expect(gql.status).toBe(503);
    expect(gql.headers.get("retry-after")).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
    expect(((await gql.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ message: MESSAGE, extensions: { code: "MAINTENANCE", status: 503 } });

    for (const path of ["/api/csrf", "/api/stripe/webhook"]) {
      const res = await web.request(path, { method: path.endsWith("webhook") ? "POST" : "GET", body: path.endsWith("webhook") ? "{}" : undefined });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: { code: "MAINTENANCE", message: MESSAGE } });
    }
    const health = await web.request("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, maintenance: true });

    // signing in stays open (so an administrator can), but a player's next call meets the same answer
    const login = await httpClient(deps).trpc("auth.login", { email: player.email, password: FACTORY_PASSWORD });
    expect(login.res.status).toBe(200);
  });

  test("an administrator's requests pass, so the console can switch it off (on tRPC and with the wrapper's token)", async () => {
    const admin = await createUser(deps, { isAdmin: true });
    const web = httpClient(deps);
    expect((await web.trpc("auth.login", { email: admin.email, password: FACTORY_PASSWORD })).res.status).toBe(200);
    expect((await web.trpc("admin.setMaintenance", { on: true })).body.result?.data.json).toMatchObject({ on: true });
    expect((await web.trpc("admin.overview", undefined, "query")).res.status).toBe(200);
    const wrapperToken = (await createSession(deps, admin.id, null)).token;
    const gql = await httpClient(deps).request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `JWT ${wrapperToken}` },
      body: JSON.stringify({ query: "{ myAccount { id } }" }),
    });
    expect(gql.status).toBe(200);
    expect((await httpClient(deps).trpc("regions.list", undefined, "query")).res.status).toBe(503);

    expect((await web.trpc("admin.setMaintenance", { on: false })).body.result?.data.json).toMatchObject({ on: false });
    expect((await httpClient(deps).trpc("regions.list", undefined, "query")).res.status).toBe(200);
    expect(await (await httpClient(deps).request("/api/health")).json()).toMatchObject({ maintenance: false });
  });
});

describe("several server processes follow the switch", () => {
  const servers = useServerProcesses(2);

  test("switched on through one process, both answer MAINTENANCE; switched off, both answer again", async () => {
    const admin = await createUser(deps, { isAdmin: true });
    const { token } = await createSession(deps, admin.id, null);
    const health = async (url: string) => ((await (await fetch(`${url}/api/health`)).json()) as { maintenance: boolean }).maintenance;
    const regions = async (url: string) => (await fetch(`${url}/trpc/regions.list`)).status;
    expect([await regions(servers[0]!.url), await regions(servers[1]!.url)]).toEqual([200, 200]);

    expect(await mutateOn(servers[0]!, token, "admin.setMaintenance", { on: true })).toMatchObject({ status: 200, data: { on: true } });
    expect(await regions(servers[0]!.url)).toBe(503);
    await eventually(async () => (await health(servers[1]!.url)) === true && (await regions(servers[1]!.url)) === 503, { what: "the second process in maintenance", timeoutMs: 5_000 });

    expect(await mutateOn(servers[1]!, token, "admin.setMaintenance", { on: false })).toMatchObject({ status: 200, data: { on: false } });
    await eventually(async () => (await regions(servers[0]!.url)) === 200 && (await health(servers[0]!.url)) === false, { what: "the first process back", timeoutMs: 5_000 });
  });

  test("MAINTENANCE_MODE holds one process in maintenance whatever the console says", async () => {
    const { startServerProcess } = await import("../../testing/server-process");
    const held = await startServerProcess(deps.database.url!, { MAINTENANCE_MODE: "true" });
    try {
      expect((await fetch(`${held.url}/trpc/regions.list`)).status).toBe(503);
      expect(await (await fetch(`${held.url}/api/health`)).json()).toMatchObject({ ok: true, maintenance: true });
      expect((await fetch(`${servers[0]!.url}/trpc/regions.list`)).status).toBe(200);
      const admin = await createUser(deps, { isAdmin: true });
      const { token } = await createSession(deps, admin.id, null);
      expect(await mutateOn(held, token, "admin.setMaintenance", { on: false })).toMatchObject({ status: 200, data: { on: true, environment: true } });
    } finally {
      await held.stop();
    }
  });
});
