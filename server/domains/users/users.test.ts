import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { organizations, regions } from "../../db/schema";
import { eq } from "drizzle-orm";
import { callerFor } from "../../testing/caller";
import { createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

async function signedIn(user: { email: string }) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token })).caller;
}

describe("myAccount", () => {
  test("is null for visitors", async () => {
    expect(await (await callerFor(deps)).caller.users.myAccount()).toBeNull();
  });

  test("carries region, organisation, groups and headed regions", async () => {
    const region = await createRegion(deps, { name: "Kiel" });
    const [org] = await deps.db.insert(organizations).values({ name: "Kiezkicker", gameApplicationFeePercentage: 7.5 }).returning();
    const user = await createUser(deps, {
      regionId: region.id,
      organizationId: org!.id,
      groupNames: ["Kickrunde-Mitarbeiter", "Kickrunde-Partner"],
      lastName: "Nord",
      dateOfBirth: "1990-04-01",
    });
    await deps.db.update(regions).set({ headId: user.id }).where(eq(regions.id, region.id));
    const me = await (await signedIn(user)).users.myAccount();
    expect(me).toMatchObject({
      id: user.id,
      lastName: "Nord",
      dateOfBirth: "1990-04-01",
      region: { id: region.id, name: "Kiel", slug: region.slug },
      organization: { name: "Kiezkicker", gameApplicationFeePercentage: 7.5 },
      groups: [{ name: "Kickrunde-Mitarbeiter" }, { name: "Kickrunde-Partner" }],
      headedRegions: [{ id: region.id }],
      reliabilityRating: null,
      isAdmin: false,
    });
  });
});

describe("user page data", () => {
  test("shows badges but never the e-mail or birth date", async () => {
    const user = await createUser(deps, { groupNames: ["Kickrunde-Leiter"], emailVerifiedAt: new Date(), isAdmin: true });
    const page = await (await callerFor(deps)).caller.users.byId({ id: user.id });
    expect(page).toMatchObject({ id: user.id, isAdmin: true, isCommunityManager: true, emailVerified: true });
    expect(JSON.stringify(page)).not.toContain(user.email);
    expect(page).not.toHaveProperty("dateOfBirth");
  });

  test("founders come from the configuration (FOUNDER_USER_IDS), not from fixed ids", async () => {
    const founder = await createUser(deps);
    const other = await createUser(deps);
    const configured = { ...deps, config: { ...deps.config, founderUserIds: [founder.id] } };
    const byId = async (d: Deps, id: number) => (await (await callerFor(d)).caller.users.byId({ id })).isFounder;
    expect([await byId(configured, founder.id), await byId(configured, other.id)]).toEqual([true, false]);
    expect(deps.config.founderUserIds).toEqual([]); // the test configuration names none (no demo seed)
    expect(await byId(deps, founder.id)).toBe(false);
  });

  test("an unknown user is a clear not-found", async () => {
    await expect((await callerFor(deps)).caller.users.byId({ id: 987654 })).rejects.toMatchObject({ cause: { code: "USER_NOT_FOUND" } });
  });
});

describe("updateLanguage", () => {
  test("stores the language for the signed-in user", async () => {
    const user = await createUser(deps);
    const caller = await signedIn(user);
    expect((await caller.users.updateLanguage({ applicationLanguage: "en" })).applicationLanguage).toBe("en");
    expect((await caller.users.myAccount())?.applicationLanguage).toBe("en");
  });

  test("needs a session and a known language", async () => {
    await expect((await callerFor(deps)).caller.users.updateLanguage({ applicationLanguage: "en" })).rejects.toMatchObject({
      cause: { code: "UNAUTHENTICATED" },
    });
    const caller = await signedIn(await createUser(deps));
    // Tags count by their language (en-GB is English); a language we do not speak gets the fallback,
    // English; what is no language tag at all is refused with a field code.
    expect((await caller.users.updateLanguage({ applicationLanguage: "en-GB" })).applicationLanguage).toBe("en");
    await caller.users.updateLanguage({ applicationLanguage: "de" });
    expect((await caller.users.updateLanguage({ applicationLanguage: "fr" })).applicationLanguage).toBe("en");
    await expect(caller.users.updateLanguage({ applicationLanguage: "français" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { issues: [{ path: ["applicationLanguage"], message: "language_invalid" }] },
    });
  });
});

describe("a user's games", () => {
  test("hosted, attended and (own) queue games, five at a time", async () => {
    const { createGameRow, createRegion } = await import("../../testing/factories");
    const { participations } = await import("../../db/schema");
    const region = await createRegion(deps);
    const user = await createUser(deps);
    const other = await createUser(deps);
    for (let i = 0; i < 7; i++) {
      await createGameRow(deps, { creatorId: user.id, regionId: region.id, startTime: new Date(Date.now() + (i + 1) * 86400_000) });
    }
    const theirs = await createGameRow(deps, { creatorId: other.id, regionId: region.id, startTime: new Date(Date.now() + 86400_000) });
    await deps.db.insert(participations).values({ gameId: theirs.id, userId: user.id, queue: true, queuedAt: new Date() });
    const anonymous = (await callerFor(deps)).caller;
    const first = await anonymous.users.games({ userId: user.id, kind: "hosted" });
    expect(first.objects).toHaveLength(5);
    expect(first.hasNext).toBe(true);
    expect((await anonymous.users.games({ userId: user.id, kind: "hosted", limit: 10 })).hasNext).toBe(false);
    const next = await anonymous.users.games({ userId: user.id, kind: "hosted", upcoming: true, limit: 1 });
    expect(next.objects[0]!.startTime.getTime()).toBeLessThan(first.objects[0]!.startTime.getTime());
    // The waiting list is private: anybody else sees it empty.
    expect(await anonymous.users.games({ userId: user.id, kind: "queue" })).toEqual({ objects: [], hasNext: false });
    expect(await (await signedIn(other)).users.games({ userId: user.id, kind: "queue" })).toEqual({ objects: [], hasNext: false });
    const mine = await (await signedIn(user)).users.games({ userId: user.id, kind: "queue" });
    expect(mine.objects.map((g) => g.id)).toEqual([theirs.id]);
  });
});
