import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { boundingBox, haversineKm, inBoundingBox } from "./geo";

const BRANDENBURGER_TOR = { latitude: 52.516275, longitude: 13.377704 };
const MARIENPLATZ = { latitude: 48.137154, longitude: 11.576124 };
const HAMBURG_RATHAUS = { latitude: 53.550556, longitude: 9.993333 };
const KOELNER_DOM = { latitude: 50.941278, longitude: 6.958281 };

describe("haversineKm against known great-circle distances (sphere, R = 6371 km)", () => {
  test.each([
    ["Brandenburger Tor – Marienplatz", BRANDENBURGER_TOR, MARIENPLATZ, 503.4],
    ["Hamburg Rathaus – Kölner Dom", HAMBURG_RATHAUS, KOELNER_DOM, 356.1],
    ["1° of latitude", { latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }, 111.19],
    ["1° of longitude on the equator", { latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }, 111.19],
    ["1° of longitude at 60° N is half", { latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 }, 55.6],
    ["across the antimeridian", { latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 }, 111.19],
    ["pole to pole", { latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 }, 20015.09],
    ["antipodes on the equator", { latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 }, 20015.09],
    ["same point", MARIENPLATZ, MARIENPLATZ, 0],
  ])("%s", (_, a, b, km) => {
    expect(haversineKm(a, b)).toBeCloseTo(km, 1);
    expect(haversineKm(b, a)).toBeCloseTo(km, 1);
  });
});

describe("boundingBox", () => {
  test("Berlin, 20 km: latitude ± 0.18°, longitude widened by about 1 / cos(52.5°)", () => {
    const box = boundingBox(BRANDENBURGER_TOR, 20);
    expect(box.maxLat - BRANDENBURGER_TOR.latitude).toBeCloseTo(0.1799, 3);
    expect(box.lngRanges).toHaveLength(1);
    const [min, max] = box.lngRanges[0]!;
    expect((max - min) / 2).toBeCloseTo(0.1799 / Math.cos((52.516275 * Math.PI) / 180), 2);
  });

  test("a circle holding a pole spans every longitude, latitude clamped at the pole", () => {
    expect(boundingBox({ latitude: 89.95, longitude: 10 }, 20)).toEqual({ minLat: expect.any(Number), maxLat: 90, lngRanges: [[-180, 180]] });
    expect(boundingBox({ latitude: -89.99, longitude: 10 }, 5).minLat).toBe(-90);
    expect(boundingBox({ latitude: 0, longitude: 0 }, 20000).lngRanges).toEqual([[-180, 180]]);
  });

  test("across the antimeridian: two longitude ranges", () => {
    const east = boundingBox({ latitude: -17.7, longitude: 179.9 }, 50);
    expect(east.lngRanges).toHaveLength(2);
    expect(east.lngRanges[0]![1]).toBe(180);
    expect(east.lngRanges[1]![0]).toBe(-180);
    expect(inBoundingBox(east, { latitude: -17.7, longitude: -179.9 })).toBe(true);
    expect(inBoundingBox(east, { latitude: -17.7, longitude: 0 })).toBe(false);
    const west = boundingBox({ latitude: 65, longitude: -179.95 }, 30);
    expect(inBoundingBox(west, { latitude: 65, longitude: 179.9 })).toBe(true);
  });

  test("radius 0: the point itself", () => {
    const box = boundingBox(MARIENPLATZ, 0);
    expect(inBoundingBox(box, MARIENPLATZ)).toBe(true);
  });

  test("property: every point within the radius lies in the box (the box never cuts the circle)", () => {
    const lat = fc.double({ min: -89.9, max: 89.9, noNaN: true });
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(lat, lng, lat, lng, fc.double({ min: 0.01, max: 500, noNaN: true }), (la, lo, la2, lo2, r) => {
        const c = { latitude: la, longitude: lo };
        const p = { latitude: la2, longitude: lo2 };
        // points near the centre too, where the property bites
        const near = { latitude: Math.max(-90, Math.min(90, la + (la2 / 90) * (r / 111))), longitude: ((lo + (lo2 / 180) * (r / 60) + 540) % 360) - 180 };
        for (const q of [p, near]) if (haversineKm(c, q) <= r * 0.9999) expect(inBoundingBox(boundingBox(c, r), q)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
