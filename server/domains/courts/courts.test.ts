import { beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER } from "@shared/constants";
import { haversineKm } from "@shared/rules/geo";
import type { Deps } from "../../context";
import { courtAvailabilities, courtDiscounts, courts as courtsTable, organizations, subCourts } from "../../db/schema";
import { createSession } from "../auth/sessions";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt, createGameRow, createRegion, createUser } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";
import * as repo from "./repo";
import { ensureSubCourt } from "./service";
import { withinDistance } from "./sql";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const as = async (user: { id: number } | null) => (await callerFor(deps, { token: user ? (await createSession(deps, user.id, "test")).token : null })).caller;

/** A spot of its own (South Pacific, a random cell) so courts of other tests never interfere. */
let spot = 0;
function freshCentre() {
  spot++;
  return { latitude: -40 + ((spot * 7 + Math.floor(Math.random() * 1000)) % 60) * 0.5, longitude: -150 + Math.floor(Math.random() * 100) };
}
const offset = (c: { latitude: number; longitude: number }, dLatKm: number, dLngKm = 0) => ({
  latitude: c.latitude + dLatKm / 111.19,
  longitude: c.longitude + dLngKm / (111.19 * Math.cos((c.latitude * Math.PI) / 180)),
});

describe("distance search (bounding box + exact distance)", () => {
  test("findCourtsNear: only courts within the radius, nearest first, with their distance", async () => {
    const c = freshCentre();
    const at2 = await createCourt(deps, { name: "Zwei", ...offset(c, 2) });
    const at5 = await createCourt(deps, { name: "Fünf", ...offset(c, 0, -5) });
    const at9 = await createCourt(deps, { name: "Neun", ...offset(c, -6, 6.7) });
    // inside the bounding box of 10 km (its corner) but farther than 10 km: the exact distance drops it
    await createCourt(deps, { name: "Ecke", ...offset(c, 9.5, 9.5) });
    await createCourt(deps, { name: "Weit", ...offset(c, 30) });
    const found = await repo.findCourtsNear(deps.db, { ...c, distanceKm: 10, limit: 50 });
    expect(found.map((x) => x.name)).toEqual(["Zwei", "Fünf", "Neun"]);
    expect(found.map((x) => x.id)).toEqual([at2.id, at5.id, at9.id]);
    for (const x of found) expect(x.distanceKm!).toBeCloseTo(haversineKm(c, x), 6);
    expect(found[0]).toMatchObject({ rentable: false, floodLight: null, indoor: false, public: true });
    expect((await repo.findCourtsNear(deps.db, { ...c, distanceKm: 10, limit: 2 })).map((x) => x.name)).toEqual(["Zwei", "Fünf"]);
  });

  test("across the antimeridian", async () => {
    const lat = -16 - Math.random();
    await createCourt(deps, { name: `Ost ${lat}`, latitude: lat, longitude: 179.95 });
    await createCourt(deps, { name: `West ${lat}`, latitude: lat, longitude: -179.95 });
    const fromWest = await repo.findCourtsNear(deps.db, { latitude: lat, longitude: -179.99, distanceKm: 20, limit: 50 });
    expect(fromWest.map((x) => x.name)).toEqual([`West ${lat}`, `Ost ${lat}`]);
  });

  test("courts.near through tRPC; distance validated", async () => {
    const c = freshCentre();
    await createCourt(deps, { name: "Nah", ...offset(c, 1) });
    const caller = await as(null);
    expect((await caller.courts.near({ ...c, distance: 5 })).map((x) => x.name)).toEqual(["Nah"]);
    expect(await errorData(caller.courts.near({ ...c, distance: 0 }))).toMatchObject({ code: "VALIDATION" });
    expect(await errorData(caller.courts.near({ ...c, distance: 1000 }))).toMatchObject({ code: "VALIDATION" });
    expect(await errorData(caller.courts.near({ latitude: 91, longitude: 0 }))).toMatchObject({ code: "VALIDATION" });
  });

  test("courts.ofRegion: the region's centre and perimeter, its courts", async () => {
    const c = freshCentre();
    const region = await createRegion(deps, { ...c, perimeter: 8, mapZoomLevel: 12 });
    await createCourt(deps, { name: "Drin", ...offset(c, 7) });
    await createCourt(deps, { name: "Draußen", ...offset(c, 9) });
    const answer = await (await as(null)).courts.ofRegion({ regionSlug: region.slug });
    expect(answer.region).toEqual({ slug: region.slug, name: region.name, latitude: c.latitude, longitude: c.longitude, perimeter: 8, mapZoomLevel: 12 });
    expect(answer.courts.map((x) => x.name)).toEqual(["Drin"]);
    expect(await errorData((await as(null)).courts.ofRegion({ regionSlug: "gibt-es-nicht" }))).toMatchObject({ code: "REGION_NOT_FOUND" });
  });

  test("courts.byLocation: around a point, optionally by name", async () => {
    const c = freshCentre();
    await createCourt(deps, { name: "Bolzplatz Am Hang", ...offset(c, 1) });
    await createCourt(deps, { name: "Soccer Cage", alternativeNames: ["Bolzkäfig"], ...offset(c, 2) });
    const caller = await as(null);
    expect((await caller.courts.byLocation(c)).map((x) => x.name)).toEqual(["Bolzplatz Am Hang", "Soccer Cage"]);
    expect((await caller.courts.byLocation({ ...c, name: "bolzk" })).map((x) => x.name)).toEqual(["Soccer Cage"]);
  });
});

describe("courts.byName", () => {
  test("name or alternative name, case ignored, wildcards literal, optional region", async () => {
    const u = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const region = await createRegion(deps);
    await createCourt(deps, { name: `Käfig ${u}`, regionId: region.id });
    await createCourt(deps, { name: `Wiese ${u}`, alternativeNames: [`Der 100%_Platz ${u}`] });
    const caller = await as(null);
    expect((await caller.courts.byName({ name: `käfig ${u}` })).map((x) => x.name)).toEqual([`Käfig ${u}`]);
    expect((await caller.courts.byName({ name: `100%_platz ${u}` })).map((x) => x.name)).toEqual([`Wiese ${u}`]);
    // % and _ are literal: "1%0" does not match "100"
    expect(await caller.courts.byName({ name: `1%0%_Platz ${u}` })).toEqual([]);
    expect((await caller.courts.byName({ name: u, regionSlug: region.slug })).map((x) => x.name)).toEqual([`Käfig ${u}`]);
    expect(await errorData(caller.courts.byName({ name: "" }))).toMatchObject({ code: "VALIDATION" });
    expect(await errorData(caller.courts.byName({ name: "a\u0000b" }))).toMatchObject({ code: "VALIDATION" });
  });
});

describe("courts.get", () => {
  async function rentableCourt() {
    const owner = await createUser(deps, { isCourtOwner: true, firstName: "Olga" });
    const region = await createRegion(deps);
    const court = await createCourt(deps, {
      name: "Soccerhalle",
      rentable: true,
      ownerId: owner.id,
      regionId: region.id,
      calendarName: "Halle",
      calendarIdGoogle: "abc@group.calendar.google.com",
      turf: "AG",
      floodLight: true,
      goals: 2,
      fencing: "CAGE",
      minPlayers: 6,
      maxPlayers: 12,
      street: "Hallenweg",
      houseNumber: "3",
      postcode: "10115",
      town: "Berlin",
    });
    await deps.db.insert(subCourts).values([{ courtId: court.id, name: "Feld 1" }, { courtId: court.id, name: "Feld 2" }]);
    await deps.db.insert(courtAvailabilities).values([
      { courtId: court.id, weekday: 1, startTime: "18:00", endTime: "22:00", pricePerHourCents: 6000 },
      { courtId: court.id, weekday: 0, startTime: "09:00", endTime: "12:00", pricePerHourCents: 4500 },
    ]);
    await deps.db.insert(courtDiscounts).values({ courtId: court.id, name: "Frühbucher", relativeAmount: 10, minPriceToApplyCents: 5000 });
    return { owner, region, court };
  }

  test("every field; calendar only for owner and admin; canManage for admin and staff Leiter/Mitarbeiter", async () => {
    const { owner, region, court } = await rentableCourt();
    const visitor = await (await as(null)).courts.get({ id: court.id });
    expect(visitor).toMatchObject({
      id: court.id,
      name: "Soccerhalle",
      rentable: true,
      turf: "AG",
      fencing: "CAGE",
      goals: 2,
      floodLight: true,
      houseNumber: "3",
      owner: { id: owner.id, firstName: "Olga" },
      region: { id: region.id, slug: region.slug, name: region.name },
      discount: { name: "Frühbucher", relativeAmount: 10, validUntil: null, minPriceToApplyCents: 5000 },
      subCourts: [{ name: "Feld 1" }, { name: "Feld 2" }],
      availabilities: [
        { weekday: 0, startTime: "09:00", endTime: "12:00", pricePerHourCents: 4500 },
        { weekday: 1, startTime: "18:00", endTime: "22:00", pricePerHourCents: 6000 },
      ],
      calendarName: null,
      calendarIdGoogle: null,
      viewer: { canManage: false, isOwner: false },
    });
    expect((await (await as(owner)).courts.get({ id: court.id })).calendarName).toBe("Halle");
    expect((await (await as(owner)).courts.get({ id: court.id })).viewer).toEqual({ canManage: false, isOwner: true });
    const admin = await (await as(await createUser(deps, { isAdmin: true }))).courts.get({ id: court.id });
    expect(admin).toMatchObject({ calendarIdGoogle: "abc@group.calendar.google.com", viewer: { canManage: true, isOwner: false } });
    for (const [group, canManage] of [[STAFF_GROUP_LEAD, true], [STAFF_GROUP_EMPLOYEE, true], [STAFF_GROUP_PARTNER, false]] as const) {
      const staff = await (await as(await createUser(deps, { groupNames: [group] }))).courts.get({ id: court.id });
      expect(staff.viewer.canManage).toBe(canManage);
      expect(staff.calendarName).toBeNull();
    }
  });

  test("COURT_NOT_FOUND; bad ids refused", async () => {
    const caller = await as(null);
    expect(await errorData(caller.courts.get({ id: 2_000_000_000 }))).toMatchObject({ code: "COURT_NOT_FOUND" });
    expect(await errorData(caller.courts.get({ id: -1 }))).toMatchObject({ code: "VALIDATION" });
  });

  test("courts.mine: the viewer's own courts; visitors refused", async () => {
    const { owner, court } = await rentableCourt();
    expect((await (await as(owner)).courts.mine()).map((x) => x.id)).toEqual([court.id]);
    expect(await (await as(await createUser(deps))).courts.mine()).toEqual([]);
    expect(await errorData((await as(null)).courts.mine())).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("games.onCourt", () => {
  test("upcoming public, not cancelled games on the court, soonest first", async () => {
    const now = deps.clock.now();
    const region = await createRegion(deps);
    const creator = await createUser(deps);
    const court = await createCourt(deps, { regionId: region.id });
    const other = await createCourt(deps);
    const h = 3600_000;
    const later = await createGameRow(deps, { creatorId: creator.id, regionId: region.id, courtId: court.id, startTime: new Date(now.getTime() + 48 * h) });
    const soon = await createGameRow(deps, { creatorId: creator.id, regionId: region.id, courtId: court.id, startTime: new Date(now.getTime() + 2 * h) });
    await createGameRow(deps, { creatorId: creator.id, regionId: region.id, courtId: court.id, startTime: new Date(now.getTime() - 5 * h) }); // over
    await createGameRow(deps, { creatorId: creator.id, regionId: region.id, courtId: court.id, startTime: new Date(now.getTime() + 3 * h), gameType: "PRIVATE" });
    await createGameRow(deps, { creatorId: creator.id, regionId: region.id, courtId: court.id, startTime: new Date(now.getTime() + 4 * h), cancelledAt: now });
    await createGameRow(deps, { creatorId: creator.id, regionId: region.id, courtId: other.id, startTime: new Date(now.getTime() + 5 * h) });
    const games = await (await as(null)).games.onCourt({ courtId: court.id });
    expect(games.map((g) => g.id)).toEqual([soon.id, later.id]);
    expect(games[0]).toMatchObject({ court: { id: court.id }, participantsAmount: 1 });
    expect(await errorData((await as(null)).games.onCourt({ courtId: 2_000_000_000 }))).toMatchObject({ code: "COURT_NOT_FOUND" });
  });
});

describe("organizations.get", () => {
  test("name, logo, fee; canUploadLogo for admins and members", async () => {
    const [org] = await deps.db.insert(organizations).values({ name: "Kickverein e.V.", gameApplicationFeePercentage: 5.5 }).returning();
    const member = await createUser(deps, { organizationId: org!.id });
    const admin = await createUser(deps, { isAdmin: true });
    const outsider = await createUser(deps);
    const expected = { id: org!.id, name: "Kickverein e.V.", imageUrl: null, gameApplicationFeePercentage: 5.5 };
    expect(await (await as(null)).organizations.get({ id: org!.id })).toEqual({ ...expected, viewer: { canUploadLogo: false } });
    expect((await (await as(outsider)).organizations.get({ id: org!.id })).viewer.canUploadLogo).toBe(false);
    expect((await (await as(member)).organizations.get({ id: org!.id })).viewer.canUploadLogo).toBe(true);
    expect((await (await as(admin)).organizations.get({ id: org!.id })).viewer.canUploadLogo).toBe(true);
    expect(await errorData((await as(null)).organizations.get({ id: 2_000_000_000 }))).toMatchObject({ code: "ORGANIZATION_NOT_FOUND" });
  });
});

describe("sub-courts (owned by courts, courts/README.md)", () => {
  const namesOf = async (courtId: number) =>
    (await deps.db.select({ name: subCourts.name }).from(subCourts).where(eq(subCourts.courtId, courtId)).orderBy(asc(subCourts.id))).map((s) => s.name);

  test("ensureSubCourt: a court without sub-courts gets one named after it, once; a court with sub-courts keeps its own", async () => {
    const bare = await createCourt(deps, { name: "Kahle Halle", rentable: true });
    const now = new Date();
    const first = await deps.db.transaction((tx) => ensureSubCourt(tx, bare, now));
    expect(first.map((s) => s.name)).toEqual(["Kahle Halle"]);
    expect(await deps.db.transaction((tx) => ensureSubCourt(tx, bare, now))).toEqual(first);
    expect(await namesOf(bare.id)).toEqual(["Kahle Halle"]);
    const split = await createCourt(deps, { name: "Geteilte Halle", rentable: true });
    await deps.db.insert(subCourts).values([{ courtId: split.id, name: "Feld 1" }, { courtId: split.id, name: "Feld 2" }]);
    expect((await deps.db.transaction((tx) => ensureSubCourt(tx, split, now))).map((s) => s.name)).toEqual(["Feld 1", "Feld 2"]);
    expect(await namesOf(split.id)).toEqual(["Feld 1", "Feld 2"]);
  });

  test("migration 0019: every rentable or owned court without sub-courts gets one named after it; other courts stay as they are", async () => {
    const owner = await createUser(deps, { isCourtOwner: true });
    const rentable = await createCourt(deps, { name: "Mietbar ohne Feld", rentable: true, ownerId: owner.id });
    const owned = await createCourt(deps, { name: "Eigen ohne Feld", ownerId: owner.id });
    const plain = await createCourt(deps, { name: "Bolzplatz" });
    const split = await createCourt(deps, { name: "Mit Feld", rentable: true, ownerId: owner.id });
    await deps.db.insert(subCourts).values({ courtId: split.id, name: "Feld A" });
    const migration = await Bun.file(new URL("../../../migrations/0019_sub_court_for_rentable_courts.sql", import.meta.url)).text();
    await deps.database.query(migration);
    // a second run (a database that had it) adds nothing
    await deps.database.query(migration);
    expect(await namesOf(rentable.id)).toEqual(["Mietbar ohne Feld"]);
    expect(await namesOf(owned.id)).toEqual(["Eigen ohne Feld"]);
    expect(await namesOf(plain.id)).toEqual([]);
    expect(await namesOf(split.id)).toEqual(["Feld A"]);
  });
});

describe.if(Boolean(process.env.DATABASE_URL))("query plan on PostgreSQL", () => {
  test("the distance search reads courts through the latitude or longitude index", async () => {
    // enough rows for statistics to matter, then forbid the sequential scan: the plan must be able to use an index
    const count = await deps.database.query<{ n: number }>("select count(*)::int as n from courts");
    if (count[0]!.n < 2000) {
      await deps.database.query(
        `insert into courts (name, latitude, longitude) select 'Plan ' || g, -60 + (g % 1200) * 0.1, -170 + (g % 3400) * 0.1 from generate_series(1, 3000) g`,
      );
    }
    await deps.database.query("analyze courts");
    const c = { latitude: 52.5, longitude: 13.4 };
    const query = deps.db
      .select({ id: courtsTable.id })
      .from(courtsTable)
      .where(withinDistance(courtsTable.latitude, courtsTable.longitude, c, 20).where)
      .toSQL();
    const plan = await deps.db.transaction(async (tx) => {
      await tx.execute("set local enable_seqscan = off" as never);
      const inlined = query.sql.replace(/\$(\d+)/g, (_, i) => String(query.params[Number(i) - 1]));
      const rows = (await tx.execute(`explain ${inlined}` as never)) as unknown as { "QUERY PLAN": string }[];
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/courts_(latitude|longitude)_idx/);
  });
});
