import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO_COURTS } from "../../db/seed-games";
import { CITIES } from "./emulator-data";
import { startGeocoderEmulator, type GeocoderEmulator } from "./emulator";

let emulator: GeocoderEmulator;
beforeAll(async () => {
  emulator = await startGeocoderEmulator();
});
afterAll(() => emulator.close());

const get = async (path: string) => {
  const res = await fetch(`${emulator.url}${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe("Nominatim emulator: the wire format", () => {
  test("/search answers jsonv2 with addressdetails, as Nominatim does", async () => {
    const { status, body } = await get(`/search?q=${encodeURIComponent("Tempelhofer Damm 10, Berlin")}&format=jsonv2&addressdetails=1`);
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({
        osm_type: "node",
        category: "place",
        type: "house",
        lat: expect.stringMatching(/^52\.48\d+$/),
        lon: expect.stringMatching(/^13\.38\d+$/),
        display_name: "10, Tempelhofer Damm, Tempelhof, Berlin, 12101, Deutschland",
        address: expect.objectContaining({ house_number: "10", road: "Tempelhofer Damm", suburb: "Tempelhof", city: "Berlin", state: "Berlin", postcode: "12101", country: "Deutschland", country_code: "de" }),
        boundingbox: expect.any(Array),
      }),
    ]);
  });

  test("/reverse: an object or address on land, Nominatim's error object in the sea", async () => {
    expect((await get("/reverse?lat=51.3304&lon=12.3589&format=jsonv2")).body).toMatchObject({ name: "Clara-Zetkin-Park", category: "leisure", type: "park", osm_type: "relation" });
    expect(await get("/reverse?lat=54.2&lon=5.5&format=jsonv2")).toEqual({ status: 200, body: { error: "Unable to geocode" } });
    expect((await get("/reverse?lat=north&lon=1&format=jsonv2")).status).toBe(400);
  });

  test("/lookup: several ids at once in N/W/R form; unknown ones are left out", async () => {
    const { body } = await get("/lookup?osm_ids=R1705301,W4399002,N1,X5&format=jsonv2");
    expect((body as { name: string }[]).map((p) => p.name)).toEqual(["Rheinpark", "Auenweg"]);
  });

  test("only json formats are emulated; unknown paths are 404", async () => {
    expect((await get("/search?q=Berlin")).status).toBe(400);
    expect((await get("/status?format=jsonv2")).status).toBe(404);
  });

  test("every demo court lies in a city the emulator answers for, and its address is found", async () => {
    for (const court of DEMO_COURTS) {
      const { body } = await get(`/reverse?lat=${court.latitude}&lon=${court.longitude}&format=jsonv2`);
      expect(body).not.toHaveProperty("error");
      const line = `${court.street}${court.houseNumber ? ` ${court.houseNumber}` : ""}, ${court.postcode} ${court.town}`;
      const { body: found } = await get(`/search?q=${encodeURIComponent(line)}&format=jsonv2`);
      expect((found as { address: { road: string; house_number?: string } }[])[0]?.address, line).toMatchObject({ road: court.street, ...(court.houseNumber ? { house_number: court.houseNumber } : {}) });
    }
    expect(CITIES.length).toBe(8);
  });
});
