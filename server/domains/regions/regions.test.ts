import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { callerFor } from "../../testing/caller";
import { createRegion } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

describe("regions", () => {
  test("list and by slug", async () => {
    const region = await createRegion(deps, { featured: true, telegramGroupUrl: "https://t.me/x" });
    const { caller } = await callerFor(deps);
    const all = await caller.regions.list();
    expect(all.find((r) => r.id === region.id)).toMatchObject({ featured: true, telegramGroupUrl: "https://t.me/x", head: null });
    expect(await caller.regions.bySlug({ slug: region.slug })).toMatchObject({ id: region.id });
    await expect(caller.regions.bySlug({ slug: "gibt-es-nicht" })).rejects.toMatchObject({ cause: { code: "REGION_NOT_FOUND" } });
  });
});
