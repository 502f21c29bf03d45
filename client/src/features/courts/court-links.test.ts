import { describe, expect, test } from "bun:test";
import { courtUrl, mapsServiceUrl, openStreetMapUrl, playersPerSide } from "./court-links";

const court = { latitude: 52.48, longitude: 13.4, name: "Tempelhofer Feld" };

describe("court links (spec 001 section 2.7)", () => {
  test("maps service per platform, with the coordinates", () => {
    expect(mapsServiceUrl(court, "android")).toBe("geo:52.48,13.4?q=52.48,13.4(Tempelhofer%20Feld)");
    expect(mapsServiceUrl(court, "ios")).toBe("https://maps.apple.com/?ll=52.48,13.4&q=Tempelhofer%20Feld");
    expect(mapsServiceUrl(court, "web")).toBe("https://www.google.com/maps/search/?api=1&query=52.48,13.4");
    expect(openStreetMapUrl(court)).toBe("https://www.openstreetmap.org/?mlat=52.48&mlon=13.4#map=17/52.48/13.4");
    expect(courtUrl(7, "https://kickrunde.de")).toBe("https://kickrunde.de/court/7");
  });

  test.each([
    [6, 10, { min: 3, max: 5 }],
    [7, 11, { min: 4, max: 5 }],
    [10, 10, { min: 5, max: 5 }],
    [null, 14, { min: null, max: 7 }],
    [8, null, { min: 4, max: null }],
    [null, null, null],
    [0, 0, null],
    [9, 9, { min: 4, max: 4 }],
  ] as const)("players per side of %p..%p", (min, max, expected) => {
    expect(playersPerSide(min, max)).toEqual(expected);
  });
});
