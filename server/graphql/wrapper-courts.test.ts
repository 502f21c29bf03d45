import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { courtAvailabilities, courtDiscounts, organizations, subCourts } from "../db/schema";
import { createCourt, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's court calls (spec 001 section 7), each sent with exactly the documented
 * arguments, variables named as documented and ids as strings (the wrapper-*.test.ts rule,
 * server/graphql/README.md). The uploads (uploadCourtImage, uploadOrganizationLogo) are in
 * server/http/court-uploads.test.ts with the HTTP routes.
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

type Client = ReturnType<typeof httpClient>;

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: new Date(), ...values });
  const client = httpClient(deps);
  await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, {
    email: user.email,
    password: FACTORY_PASSWORD,
  });
  return { user, client };
}

async function ok<T = Record<string, any>>(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { body } = await client.graphql<T>(query, variables);
  expect(body.errors).toBeUndefined();
  return body.data!;
}
async function failure(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await client.graphql(query, variables);
  return body.errors?.[0]?.extensions.code;
}

const COURT_FIELDS = `id name address latitude longitude imageUrl turf indoor public rentable floodLight distance
  street houseNumber postcode town state goals fencing minPlayers maxPlayers alternativeNames
  owner { id firstName } region { id slug name }
  discount { name relativeAmount validUntil minPriceToApply minPriceToApplyCents }
  courtAvailabilities { weekday startTime endTime pricePerHour pricePerHourCents }
  subCourts { id name } calendarName calendarIdGoogle viewer { canManage isOwner }`;

/** A spot no other test uses (the South Atlantic), so the nearby lists are ours alone. */
const spot = () => ({ latitude: -30 - Math.random() * 20, longitude: -30 + Math.random() * 10 });

describe("court queries", () => {
  test("courts(longitude, latitude, distance): nearest first, distance in km", async () => {
    const c = spot();
    const near = await createCourt(deps, { name: "Nah dran", latitude: c.latitude + 0.01, longitude: c.longitude });
    await createCourt(deps, { name: "Etwas weiter", latitude: c.latitude + 0.05, longitude: c.longitude });
    await createCourt(deps, { name: "Zu weit", latitude: c.latitude + 1, longitude: c.longitude });
    const data = await ok(httpClient(deps), `query($longitude: Float!, $latitude: Float!, $distance: Float) {
      courts(longitude: $longitude, latitude: $latitude, distance: $distance) { id name distance turf floodLight }
    }`, { longitude: c.longitude, latitude: c.latitude, distance: 10 });
    expect(data.courts.map((x: { name: string }) => x.name)).toEqual(["Nah dran", "Etwas weiter"]);
    expect(data.courts[0].id).toBe(String(near.id));
    expect(data.courts[0].distance).toBeCloseTo(1.112, 2);
  });

  test("court(id): every field of the spec, money in euros beside the cents", async () => {
    const owner = await createUser(deps, { isCourtOwner: true, firstName: "Olaf" });
    const court = await createCourt(deps, {
      name: "Halle Nord", rentable: true, ownerId: owner.id, turf: "AG", floodLight: true, houseNumber: "7", postcode: "20095",
      calendarName: "Halle", calendarIdGoogle: "x@group.calendar.google.com",
    });
    const [sub] = await deps.db.insert(subCourts).values({ courtId: court.id, name: "Feld A" }).returning();
    await deps.db.insert(courtAvailabilities).values({ courtId: court.id, weekday: 2, startTime: "17:00", endTime: "23:00", pricePerHourCents: 5550 });
    await deps.db.insert(courtDiscounts).values({ courtId: court.id, name: "Stammkunde", relativeAmount: 15, minPriceToApplyCents: 2000 });
    const query = `query($id: ID!) { court(id: $id) { ${COURT_FIELDS} } }`;
    const visitor = (await ok(httpClient(deps), query, { id: String(court.id) })).court;
    expect(visitor).toMatchObject({
      id: String(court.id), name: "Halle Nord", rentable: true, floodLight: true, houseNumber: "7", postcode: "20095", distance: null,
      owner: { id: String(owner.id), firstName: "Olaf" },
      discount: { name: "Stammkunde", relativeAmount: 15, validUntil: null, minPriceToApply: 20, minPriceToApplyCents: 2000 },
      courtAvailabilities: [{ weekday: 2, startTime: "17:00", endTime: "23:00", pricePerHour: 55.5, pricePerHourCents: 5550 }],
      subCourts: [{ id: String(sub!.id), name: "Feld A" }],
      calendarName: null, calendarIdGoogle: null, viewer: { canManage: false, isOwner: false },
    });
    const { client } = await signedIn({ isAdmin: true });
    expect((await ok(client, query, { id: String(court.id) })).court).toMatchObject({ calendarName: "Halle", viewer: { canManage: true } });
    expect(await failure(httpClient(deps), query, { id: "2000000000" })).toBe("COURT_NOT_FOUND");
    expect(await failure(httpClient(deps), query, { id: "abc" })).toBe("VALIDATION");
  });

  test("myCourts: the owner's courts; signed out refused", async () => {
    const { user, client } = await signedIn({ isCourtOwner: true });
    const court = await createCourt(deps, { ownerId: user.id, rentable: true });
    expect((await ok(client, `query { myCourts { id name rentable } }`)).myCourts).toEqual([{ id: String(court.id), name: court.name, rentable: true }]);
    expect(await failure(httpClient(deps), `query { myCourts { id } }`)).toBe("UNAUTHENTICATED");
  });

  test("searchCourtsByLocation(longitude, latitude), and with name in its one use", async () => {
    const c = spot();
    await createCourt(deps, { name: "Käfig am See", latitude: c.latitude, longitude: c.longitude + 0.01 });
    await createCourt(deps, { name: "Wiese am See", latitude: c.latitude, longitude: c.longitude + 0.02 });
    const plain = await ok(httpClient(deps), `query($longitude: Float!, $latitude: Float!) {
      searchCourtsByLocation(longitude: $longitude, latitude: $latitude) { name distance }
    }`, { longitude: c.longitude, latitude: c.latitude });
    expect(plain.searchCourtsByLocation.map((x: { name: string }) => x.name)).toEqual(["Käfig am See", "Wiese am See"]);
    const named = await ok(httpClient(deps), `query($longitude: Float!, $latitude: Float!, $name: String) {
      searchCourtsByLocation(longitude: $longitude, latitude: $latitude, name: $name) { name }
    }`, { longitude: c.longitude, latitude: c.latitude, name: "wiese" });
    expect(named.searchCourtsByLocation).toEqual([{ name: "Wiese am See" }]);
  });

  test("searchCourtsByName(name): name or alternative name", async () => {
    const u = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await createCourt(deps, { name: `Ascheplatz ${u}`, alternativeNames: [`Roter Platz ${u}`] });
    const data = await ok(httpClient(deps), `query($name: String!) { searchCourtsByName(name: $name) { name alternativeNames } }`, { name: `roter platz ${u}` });
    expect(data.searchCourtsByName).toEqual([{ name: `Ascheplatz ${u}`, alternativeNames: null }]);
  });

  test("organization(id)", async () => {
    const [org] = await deps.db.insert(organizations).values({ name: "Bolz e.V.", gameApplicationFeePercentage: 4 }).returning();
    const data = await ok(httpClient(deps), `query($id: ID!) { organization(id: $id) { id name imageUrl gameApplicationFeePercentage } }`, { id: String(org!.id) });
    expect(data.organization).toEqual({ id: String(org!.id), name: "Bolz e.V.", imageUrl: null, gameApplicationFeePercentage: 4 });
    expect(await failure(httpClient(deps), `query($id: ID!) { organization(id: $id) { id } }`, { id: "2000000000" })).toBe("ORGANIZATION_NOT_FOUND");
  });
});

describe("creating a court (geocoder emulator)", () => {
  const PLACE = `place { osmId name address street houseNumber postcode town state latitude longitude }`;

  test("searchOsmPlaces(query), saveOsmPlace(osmId), then createCourt(name, alternativeNames, public, turf, indoor)", async () => {
    const { client } = await signedIn();
    const found = await ok(client, `query($query: String!) { searchOsmPlaces(query: $query) { osmId name address latitude longitude } }`, { query: "Görlitzer Park" });
    const park = found.searchOsmPlaces.find((p: { name: string }) => p.name === "Görlitzer Park");
    expect(park).toMatchObject({ osmId: "way/25016002" });

    const saved = await ok(client, `mutation($osmId: String!) { saveOsmPlace(osmId: $osmId) { ${PLACE} courts { id name distance } } }`, { osmId: park.osmId });
    expect(saved.saveOsmPlace.place).toMatchObject({ osmId: "way/25016002", town: "Berlin" });

    const created = await ok(client, `mutation($name: String!, $alternativeNames: [String!], $public: Boolean!, $turf: String, $indoor: Boolean!) {
      createCourt(name: $name, alternativeNames: $alternativeNames, public: $public, turf: $turf, indoor: $indoor) { id }
    }`, { name: `Görli Käfig ${Date.now()}`, alternativeNames: ["Görli"], public: true, turf: "TT", indoor: false });
    const court = (await ok(httpClient(deps), `query($id: ID!) { court(id: $id) { name turf public indoor alternativeNames latitude } }`, { id: created.createCourt.id })).court;
    expect(court).toMatchObject({ turf: "TT", public: true, indoor: false, alternativeNames: ["Görli"] });
    expect(court.latitude).toBeCloseTo(52.4965, 3);
  });

  test("checkAndSaveGeocoords(longitude, latitude) returns the courts found nearby", async () => {
    const { client } = await signedIn();
    const data = await ok(client, `mutation($longitude: Float!, $latitude: Float!) {
      checkAndSaveGeocoords(longitude: $longitude, latitude: $latitude) { ${PLACE} courts { id name distance } }
    }`, { longitude: 13.4392, latitude: 52.4958 });
    expect(data.checkAndSaveGeocoords.place).toMatchObject({ town: "Berlin", latitude: 52.4958, longitude: 13.4392 });
    expect(Array.isArray(data.checkAndSaveGeocoords.courts)).toBe(true);
    expect(await failure(httpClient(deps), `mutation($longitude: Float!, $latitude: Float!) { checkAndSaveGeocoords(longitude: $longitude, latitude: $latitude) { place { address } } }`, { longitude: 13.4, latitude: 52.5 })).toBe("UNAUTHENTICATED");
  });

  test("checkAndSaveAddress(address)", async () => {
    const { client } = await signedIn();
    const data = await ok(client, `mutation($address: String) { checkAndSaveAddress(address: $address) { ${PLACE} courts { id } } }`, { address: "Gleimstraße 55, 10437 Berlin" });
    expect(data.checkAndSaveAddress.place).toMatchObject({ street: "Gleimstraße", postcode: "10437", town: "Berlin" });
  });
});
