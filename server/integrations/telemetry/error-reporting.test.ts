import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { eventually } from "../../testing/eventually";
import { testDeps } from "../../testing/test-db";
import { signedInClient } from "../../testing/upload";
import { startTelemetryEmulator, type TelemetryEmulator } from "./emulator";
import { errorReporter } from "./error-reporting";
import { buildVersion } from "./release";

/** Issue 27: the server's unexpected errors reach a Sentry-compatible service through the real SDK, with the release and the user's id only. */

let emulator: TelemetryEmulator;
let base: Deps;
beforeAll(async () => {
  emulator = startTelemetryEmulator();
  base = await testDeps();
});
afterAll(() => emulator.stop());

/** Deps whose geocoder fails like a broken dependency would: an error no service expects. */
function breakingDeps(dsn: string | null): Deps {
  const geocoder = { ...base.geocoder, search: () => Promise.reject(new Error("geocoder exploded")) };
  return { ...base, geocoder, config: { ...base.config, telemetry: { ...base.config.telemetry, serverDsn: dsn } } };
}

describe("server error reporting", () => {
  test("an error thrown in a procedure reaches the service with the release and only the user's id", async () => {
    emulator.clear();
    const deps = breakingDeps(emulator.dsn(3, "serverkey"));
    const { user, client } = await signedInClient(deps);
    expect(user.firstName).toBeTruthy();
    const { res, body } = await client.trpc("courts.searchPlaces", { query: "Tempelhofer Feld" }, "query");
    expect(res.status).toBe(500);
    expect(body.error?.json.data.app.code).toBe("UNEXPECTED");

    const [event] = await eventually(() => emulator.errorEvents().length > 0 && emulator.errorEvents(), { what: "the error report" });
    expect(event!.envelope).toMatchObject({ projectId: "3", key: "serverkey", cookie: false });
    expect(event).toMatchObject({
      release: buildVersion(),
      user: { id: String(user.id) },
      tags: { where: "trpc courts.searchPlaces" },
      exception: { values: [{ type: "Error", value: "geocoder exploded" }] },
    });
    expect(Object.keys(event!.user as object)).toEqual(["id"]);
    expect(event!.request).toBeUndefined();
    const sent = JSON.stringify(emulator.envelopes().map(({ header, items }) => ({ header, items })));
    for (const personal of [user.email, user.firstName, "session=", "Cookie"]) expect(sent).not.toContain(personal);
  });

  test("the wrapper's GraphQL calls report the same way: the operation, the release and only the user's id", async () => {
    emulator.clear();
    const deps = breakingDeps(emulator.dsn(4, "gqlkey"));
    const { user, client } = await signedInClient(deps);
    const { body } = await client.graphql("query Places { searchOsmPlaces(query: \"Tempelhofer Feld\") { name } }");
    expect(body.errors?.[0]?.extensions.code).toBe("UNEXPECTED");
    const [event] = await eventually(() => emulator.errorEvents().length > 0 && emulator.errorEvents(), { what: "the error report" });
    expect(event).toMatchObject({
      release: buildVersion(),
      user: { id: String(user.id) },
      tags: { where: "graphql query Places{searchOsmPlaces}" },
      exception: { values: [{ type: "Error", value: "geocoder exploded" }] },
    });
    expect(Object.keys(event!.user as object)).toEqual(["id"]);
  });

  test("a refusal the user caused (an error code) is no error to report", async () => {
    emulator.clear();
    const deps = breakingDeps(emulator.dsn(3));
    const { client } = await signedInClient(deps);
    const { res } = await client.trpc("games.byId", { gameId: 2 ** 31 - 1 }, "query");
    expect(res.status).toBe(404);
    // then an unexpected one, so the wait ends on a fact: only that one arrives
    await client.trpc("courts.searchPlaces", { query: "Hasenheide" }, "query");
    await eventually(() => emulator.errorEvents().length > 0, { what: "the unexpected error's report" });
    await errorReporter(deps.config).flush();
    expect(emulator.errorEvents().map((e) => (e.tags as Record<string, string>).where)).toEqual(["trpc courts.searchPlaces"]);
  });

  test("without ERROR_REPORTING_DSN nothing is sent", async () => {
    emulator.clear();
    const deps = breakingDeps(null);
    const reporter = errorReporter(deps.config);
    reporter.report(new Error("nobody hears this"), { userId: 1, where: "test" });
    expect(await reporter.flush()).toBe(true);
    const { client } = await signedInClient(deps);
    expect((await client.trpc("courts.searchPlaces", { query: "Volkspark" }, "query")).res.status).toBe(500);
    // the emulator is reachable (a hit to the tracker arrives), yet no envelope came
    await fetch(`${emulator.trackerUrl}/matomo.php?idsite=1&rec=1`);
    await eventually(() => emulator.hits().length === 1, { what: "the probe hit" });
    expect(emulator.envelopes()).toEqual([]);
  });
});
