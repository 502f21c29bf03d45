import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { COURT_NEARBY_CHECK_METERS } from "@shared/constants";
import type { Deps } from "../../context";
import { courtLocationDrafts, courts } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { COURTS_PER_DAY, LOCATION_DRAFT_TTL_MS } from "./places";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

async function signedIn(user: { email: string }) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token })).caller;
}

async function newUser(verified = true) {
  const user = await createUser(deps, { emailVerifiedAt: verified ? new Date() : null });
  return { user, caller: await signedIn(user) };
}

const DETAILS = { name: "Bolzplatz am Park", public: true, indoor: false } as const;
const GOERLI_PITCH = { latitude: 52.4958, longitude: 13.4392 };

async function draftOf(userId: number) {
  return (await deps.db.select().from(courtLocationDrafts).where(eq(courtLocationDrafts.userId, userId)))[0] ?? null;
}

/** A location draft straight in the table, for places the emulator does not know (region tests). */
async function putDraft(userId: number, at: { latitude: number; longitude: number }, extra: Partial<typeof courtLocationDrafts.$inferInsert> = {}) {
  await deps.db
    .insert(courtLocationDrafts)
    .values({ userId, ...at, address: "Testweg 1, 12345 Teststadt", street: "Testweg", houseNumber: "1", postcode: "12345", town: "Teststadt", createdAt: testClock.now(), ...extra })
    .onConflictDoUpdate({ target: courtLocationDrafts.userId, set: { ...at, createdAt: testClock.now(), ...extra } });
}

describe("who may", () => {
  test("visitors are refused everything; searching needs only a sign-in, saving and creating a verified e-mail", async () => {
    const { caller: visitor } = await callerFor(deps);
    expect(await errorData(visitor.courts.searchPlaces({ query: "Mauerpark" }))).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(visitor.courts.checkGeocoords(GOERLI_PITCH))).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(visitor.courts.checkAddress({ address: "Zeil 10, Frankfurt" }))).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(visitor.courts.saveOsmPlace({ osmId: "way/25016001" }))).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(visitor.courts.create(DETAILS))).toEqual({ code: "UNAUTHENTICATED" });

    const { user, caller } = await newUser(false);
    expect((await caller.courts.searchPlaces({ query: "Mauerpark" })).length).toBeGreaterThan(0);
    expect(await errorData(caller.courts.checkGeocoords(GOERLI_PITCH))).toEqual({ code: "EMAIL_NOT_VERIFIED" });
    expect(await errorData(caller.courts.checkAddress({ address: "Zeil 10, Frankfurt" }))).toEqual({ code: "EMAIL_NOT_VERIFIED" });
    expect(await errorData(caller.courts.saveOsmPlace({ osmId: "way/25016001" }))).toEqual({ code: "EMAIL_NOT_VERIFIED" });
    await putDraft(user.id, { latitude: 52.5, longitude: 13.4 });
    expect(await errorData(caller.courts.create(DETAILS))).toEqual({ code: "EMAIL_NOT_VERIFIED" });
    expect(await draftOf(user.id)).not.toBeNull();
  });
});

describe("searchPlaces", () => {
  test("places with their OSM ids and one display line", async () => {
    const { caller } = await newUser();
    const places = await caller.courts.searchPlaces({ query: "Olympiapark München" });
    expect(places[0]).toEqual({
      osmId: "relation/1705201",
      name: "Olympiapark",
      address: "Spiridon-Louis-Ring, 80809 München",
      street: "Spiridon-Louis-Ring",
      houseNumber: null,
      postcode: "80809",
      town: "München",
      state: "Bayern",
      latitude: 48.174,
      longitude: 11.552,
    });
    expect(await caller.courts.searchPlaces({ query: "Xyzzy Nirgendwo" })).toEqual([]);
  });
});

describe("step one: saving the location", () => {
  test("coordinates: the address there, the user's own point kept, the courts within the nearby radius", async () => {
    const near = await createCourt(deps, { name: "Görli Käfig", latitude: 52.4961, longitude: 13.4388 });
    const far = await createCourt(deps, { name: "Weit weg", latitude: 52.5058, longitude: 13.4392 }); // about 1.1 km north
    const { user, caller } = await newUser();
    const saved = await caller.courts.checkGeocoords(GOERLI_PITCH);
    expect(saved.place).toMatchObject({ osmId: null, name: "Bolzplatz Görlitzer Park", street: "Görlitzer Straße", postcode: "10997", town: "Berlin", ...GOERLI_PITCH });
    expect(saved.place.address).toBe("Görlitzer Straße, 10997 Berlin");
    const ids = saved.courts.map((c) => c.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
    expect(saved.courts.every((c) => c.distanceKm !== null && c.distanceKm <= COURT_NEARBY_CHECK_METERS / 1000)).toBe(true);
    expect(await draftOf(user.id)).toMatchObject({ ...GOERLI_PITCH, osmId: null, name: "Bolzplatz Görlitzer Park", town: "Berlin", address: "Görlitzer Straße, 10997 Berlin" });
  });

  test("coordinates where there is no place (the sea, swapped latitude and longitude): GEOCODE_COORDINATES_INVALID on the field", async () => {
    const { user, caller } = await newUser();
    const refused = { code: "GEOCODE_COORDINATES_INVALID", fields: [{ path: "latitude", code: "places_coordinates_no_place" }] } as const;
    expect(await errorData(caller.courts.checkGeocoords({ latitude: 54.5, longitude: 7.0 }))).toEqual(refused);
    expect(await errorData(caller.courts.checkGeocoords({ latitude: 13.4392, longitude: 52.4958 }))).toEqual(refused);
    expect(await draftOf(user.id)).toBeNull();
  });

  test("a geocoder answer without town or street (a country, a sea area) is no place either", async () => {
    const vague = { osmId: "relation/51477", name: "Deutschland", category: "boundary", type: "administrative", displayName: "Deutschland", street: null, houseNumber: null, postcode: null, town: null, state: null, latitude: 51.1, longitude: 10.4 };
    const geocoder = { ...deps.geocoder, search: async () => [vague], reverse: async () => vague, lookup: async () => vague };
    const user = await createUser(deps, { emailVerifiedAt: new Date() });
    const a = await callerFor(deps);
    await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    const { caller } = await callerFor({ ...deps, geocoder }, { token: a.cookies.token });
    expect((await errorData(caller.courts.checkGeocoords({ latitude: 51.1, longitude: 10.4 }))).code).toBe("GEOCODE_COORDINATES_INVALID");
    expect((await errorData(caller.courts.checkAddress({ address: "Deutschland" }))).code).toBe("GEOCODE_ADDRESS_INVALID");
    expect((await errorData(caller.courts.saveOsmPlace({ osmId: "relation/51477" }))).code).toBe("GEOCODE_ADDRESS_INVALID");
    expect(await caller.courts.searchPlaces({ query: "Deutschland" })).toEqual([]);
    expect(await draftOf(user.id)).toBeNull();
  });

  test("an address, as one line or in parts; an unknown one is GEOCODE_ADDRESS_INVALID", async () => {
    const { user, caller } = await newUser();
    const saved = await caller.courts.checkAddress({ address: "Eisenbahnstraße 120, Leipzig" });
    expect(saved.place).toMatchObject({ osmId: null, name: null, address: "Eisenbahnstraße 120, 04315 Leipzig", houseNumber: "120", state: "Sachsen" });
    const parts = await caller.courts.checkAddress({ street: "Königstraße", houseNumber: "7", postcode: "70173", town: "Stuttgart" });
    expect(parts.place.address).toBe("Königstraße 7, 70173 Stuttgart");
    expect(await draftOf(user.id)).toMatchObject({ street: "Königstraße", houseNumber: "7", town: "Stuttgart" });
    expect(await errorData(caller.courts.checkAddress({ address: "Atlantisweg 3, 99999 Nirgendwo" }))).toEqual({
      code: "GEOCODE_ADDRESS_INVALID",
      fields: [{ path: "address", code: "places_address_no_place" }],
    });
    // the failed attempt leaves the saved location as it was
    expect(await draftOf(user.id)).toMatchObject({ town: "Stuttgart" });
  });

  test("an OSM place; an unknown id is refused on the field", async () => {
    const { user, caller } = await newUser();
    const saved = await caller.courts.saveOsmPlace({ osmId: "way/250180011" });
    expect(saved.place).toMatchObject({ osmId: "way/250180011", name: "Bolzplatz Englischer Garten", town: "München" });
    expect(await draftOf(user.id)).toMatchObject({ osmId: "way/250180011", name: "Bolzplatz Englischer Garten" });
    expect(await errorData(caller.courts.saveOsmPlace({ osmId: "node/123456789" }))).toEqual({
      code: "GEOCODE_ADDRESS_INVALID",
      fields: [{ path: "osmId", code: "places_place_unknown" }],
    });
  });
});

describe("step two: createCourt", () => {
  test("takes the draft: address parts, one display line, creator, turf TT by default, details; the draft is gone afterwards", async () => {
    const { user, caller } = await newUser();
    await caller.courts.checkAddress({ address: "Mercedesstraße 40, 70372 Stuttgart" });
    const { id } = await caller.courts.create({ ...DETAILS, alternativeNames: ["Cannstatter Bolzer", " ", "Bolzplatz am Park"], floodLight: true, goals: 2, fencing: "CAGE", minPlayers: 6, maxPlayers: 12 });
    const [row] = await deps.db.select().from(courts).where(eq(courts.id, id));
    expect(row).toMatchObject({
      name: "Bolzplatz am Park",
      alternativeNames: ["Cannstatter Bolzer"],
      address: "Mercedesstraße 40, 70372 Stuttgart",
      street: "Mercedesstraße",
      houseNumber: "40",
      postcode: "70372",
      town: "Stuttgart",
      state: "Baden-Württemberg",
      turf: "TT",
      public: true,
      indoor: false,
      floodLight: true,
      goals: 2,
      fencing: "CAGE",
      minPlayers: 6,
      maxPlayers: 12,
      createdById: user.id,
      osmId: null,
      rentable: false,
      ownerId: null,
    });
    expect(await draftOf(user.id)).toBeNull();
    // no second court from the same draft
    expect(await errorData(caller.courts.create(DETAILS))).toEqual({ code: "COURT_LOCATION_MISSING" });
  });

  test("without a draft, or with one older than 24 hours: COURT_LOCATION_MISSING", async () => {
    const { caller } = await newUser();
    expect(await errorData(caller.courts.create(DETAILS))).toEqual({ code: "COURT_LOCATION_MISSING" });
    testClock.freeze(new Date());
    await caller.courts.checkAddress({ address: "Miquelallee 10, Frankfurt" });
    testClock.advance(LOCATION_DRAFT_TTL_MS + 1000);
    expect(await errorData(caller.courts.create(DETAILS))).toEqual({ code: "COURT_LOCATION_MISSING" });
  });

  test("minPlayers above maxPlayers is refused on the field; the draft stays", async () => {
    const { user, caller } = await newUser();
    await putDraft(user.id, { latitude: 52.5, longitude: 13.4 });
    expect(await errorData(caller.courts.create({ ...DETAILS, minPlayers: 12, maxPlayers: 10 }))).toEqual({
      code: "VALIDATION",
      fields: [{ path: "minPlayers", code: "places_min_players_above_max" }],
    });
    expect(await draftOf(user.id)).not.toBeNull();
    expect(await errorData(caller.courts.create({ ...DETAILS, minPlayers: 10, maxPlayers: 10 }))).toEqual({ code: "OK" });
  });

  test("the region is the nearest one whose perimeter holds the point, else none", async () => {
    const { user, caller } = await newUser();
    // three regions around a spot no other test uses (the Åland islands)
    const wide = await createRegion(deps, { latitude: 60.0, longitude: 20.0, perimeter: 50 });
    const nearer = await createRegion(deps, { latitude: 60.2, longitude: 20.0, perimeter: 50 });
    await createRegion(deps, { latitude: 60.16, longitude: 20.05, perimeter: 1 }); // closest centre, but the point is outside its perimeter
    await putDraft(user.id, { latitude: 60.15, longitude: 20.0 });
    const a = await caller.courts.create(DETAILS);
    expect((await deps.db.select().from(courts).where(eq(courts.id, a.id)))[0]!.regionId).toBe(nearer.id);
    await putDraft(user.id, { latitude: 59.7, longitude: 20.0 }); // only inside the wide one (33 km from its centre)
    const b = await caller.courts.create(DETAILS);
    expect((await deps.db.select().from(courts).where(eq(courts.id, b.id)))[0]!.regionId).toBe(wide.id);
    await putDraft(user.id, { latitude: -45.0, longitude: -140.0 }); // the South Pacific: no region
    const c = await caller.courts.create(DETAILS);
    expect((await deps.db.select().from(courts).where(eq(courts.id, c.id)))[0]!.regionId).toBeNull();
  });

  test("an OSM place that already became a court: saveOsmPlace shows it, createCourt answers its id instead of a second court", async () => {
    const first = await newUser();
    const saved = await first.caller.courts.saveOsmPlace({ osmId: "way/250230011" });
    expect(saved.courts.map((c) => c.name)).not.toContain("Bolzplatz Volksgarten");
    const { id } = await first.caller.courts.create({ ...DETAILS, name: "Bolzplatz Volksgarten" });
    expect((await deps.db.select().from(courts).where(eq(courts.id, id)))[0]).toMatchObject({ osmId: "way/250230011", town: "Düsseldorf", address: "Oberbilker Allee, 40227 Düsseldorf" });

    const second = await newUser();
    const again = await second.caller.courts.saveOsmPlace({ osmId: "way/250230011" });
    expect(again.courts[0]).toMatchObject({ id, name: "Bolzplatz Volksgarten" });
    expect(await second.caller.courts.create({ ...DETAILS, name: "Noch ein Volksgarten" })).toEqual({ id });
    expect((await deps.db.select().from(courts).where(eq(courts.osmId, "way/250230011"))).length).toBe(1);
    expect(await draftOf(second.user.id)).toBeNull();
  });

  test("many createCourt calls of one user at once make one court (and do not starve the connection pool)", async () => {
    const { user, caller } = await newUser();
    await putDraft(user.id, { latitude: 52.51, longitude: 13.41 });
    // more calls than the test pool has connections: the one holding the draft's lock must not need a second connection
    const results = await Promise.all(Array.from({ length: 20 }, () => errorData(caller.courts.create(DETAILS))));
    expect(results.map((r) => r.code).sort()).toEqual([...Array(19).fill("COURT_LOCATION_MISSING"), "OK"]);
    expect((await deps.db.select().from(courts).where(eq(courts.createdById, user.id))).length).toBe(1);
  });

  test(`at most ${COURTS_PER_DAY} courts per user in 24 hours (COURTS_PER_DAY_LIMIT), then again`, async () => {
    const { user, caller } = await newUser();
    testClock.freeze(new Date());
    for (let i = 0; i < COURTS_PER_DAY - 1; i++) await createCourt(deps, { createdById: user.id, createdAt: testClock.now() });
    await putDraft(user.id, { latitude: 52.52, longitude: 13.42 });
    expect(await errorData(caller.courts.create(DETAILS))).toEqual({ code: "OK" });
    await putDraft(user.id, { latitude: 52.52, longitude: 13.42 });
    expect(await errorData(caller.courts.create(DETAILS))).toEqual({ code: "COURTS_PER_DAY_LIMIT" });
    // another user is not affected
    const other = await newUser();
    await putDraft(other.user.id, { latitude: 52.52, longitude: 13.42 });
    expect(await errorData(other.caller.courts.create(DETAILS))).toEqual({ code: "OK" });
    testClock.advance(24 * 3600_000 + 1000);
    await putDraft(user.id, { latitude: 52.52, longitude: 13.42 });
    expect(await errorData(caller.courts.create(DETAILS))).toEqual({ code: "OK" });
  });

  test("the geocoder being down is GEOCODER_UNAVAILABLE (503), not a 500", async () => {
    const { caller } = await newUser();
    const emulator = deps.geocoder.emulator!;
    emulator.fault = "status500";
    try {
      expect(await errorData(caller.courts.checkAddress({ address: "Hohe Straße 77, Köln" }))).toEqual({ code: "GEOCODER_UNAVAILABLE" });
      expect(await errorData(caller.courts.searchPlaces({ query: "Aachener Weiher Köln" }))).toEqual({ code: "GEOCODER_UNAVAILABLE" });
    } finally {
      emulator.fault = null;
    }
    expect((await caller.courts.checkAddress({ address: "Hohe Straße 77, Köln" })).place.town).toBe("Köln");
  });
});
