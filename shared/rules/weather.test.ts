import { describe, expect, test } from "bun:test";
import { hoursOfGame, isNight, weatherAlertFor, weatherAlertKindOf, weatherCondition } from "./weather";

const calm = { code: 2, temperatureC: 18, precipitationMm: 0.5, gustsKmh: 30 };

describe("weather warnings (server/domains/weather/README.md Thresholds)", () => {
  test.each([
    ["calm", calm, null],
    ["3.9 mm/h is not heavy rain", { ...calm, code: 63, precipitationMm: 3.9 }, null],
    ["4.0 mm/h is heavy rain", { ...calm, code: 63, precipitationMm: 4 }, "RAIN"],
    ["WMO 65 (heavy rain) at any amount", { ...calm, code: 65, precipitationMm: 1 }, "RAIN"],
    ["WMO 67 (heavy freezing rain)", { ...calm, code: 67 }, "RAIN"],
    ["WMO 82 (violent showers)", { ...calm, code: 82 }, "RAIN"],
    ["WMO 81 (moderate showers) is not", { ...calm, code: 81, precipitationMm: 2 }, null],
    ["gusts of 74 km/h are not a storm", { ...calm, gustsKmh: 74 }, null],
    ["gusts of 75 km/h are", { ...calm, gustsKmh: 75 }, "STORM"],
    ["a thunderstorm (95)", { ...calm, code: 95 }, "STORM"],
    ["a thunderstorm with hail (99)", { ...calm, code: 99 }, "STORM"],
    ["31.9 °C is not heat", { ...calm, code: 0, temperatureC: 31.9 }, null],
    ["32.0 °C is", { ...calm, code: 0, temperatureC: 32 }, "HEAT"],
    ["storm beats rain", { ...calm, code: 65, gustsKmh: 80 }, "STORM"],
    ["rain beats heat", { ...calm, temperatureC: 33, precipitationMm: 5 }, "RAIN"],
  ] as const)("%s", (_name, hour, kind) => {
    expect(weatherAlertKindOf(hour)).toBe(kind);
  });

  test("a game's warning is the most serious kind of its hours, at the hour that shows it most", () => {
    const a = { ...calm, n: 1, precipitationMm: 4.5 };
    const b = { ...calm, n: 2, precipitationMm: 9 };
    const c = { ...calm, n: 3, temperatureC: 35 };
    expect(weatherAlertFor([a, b, c])).toEqual({ kind: "RAIN", hour: b });
    expect(weatherAlertFor([c, { ...calm, n: 4, gustsKmh: 76 }])?.kind).toBe("STORM");
    expect(weatherAlertFor([calm, calm])).toBeNull();
    expect(weatherAlertFor([])).toBeNull();
  });

  test("conditions of the WMO codes", () => {
    expect([0, 1, 2, 3, 45, 53, 61, 80, 71, 86, 95, 99].map(weatherCondition)).toEqual([
      "clear", "mostlyClear", "partlyCloudy", "overcast", "fog", "drizzle", "rain", "rain", "snow", "snow", "thunderstorm", "thunderstorm",
    ]);
  });

  test("a game's hours: from its start's hour up to its end", () => {
    const h = (s: string) => new Date(`2026-12-05T${s}:00Z`);
    expect(hoursOfGame(h("18:30"), h("20:00"))).toEqual([h("18:00"), h("19:00")]);
    expect(hoursOfGame(h("18:00"), h("19:00"))).toEqual([h("18:00")]);
    expect(hoursOfGame(h("18:00"), h("19:01"))).toEqual([h("18:00"), h("19:00")]);
  });
});

describe("day and night (the clear sky's sun or moon)", () => {
  test.each([
    ["Berlin, 29 Nov, 12:00 Berlin time", "2026-11-29T11:00:00Z", false],
    ["Berlin, 29 Nov, 17:30 Berlin time (after sunset at 15:55)", "2026-11-29T16:30:00Z", true],
    ["Berlin, 29 Nov, 07:30 Berlin time (before sunrise at 07:53)", "2026-11-29T06:30:00Z", true],
    ["Berlin, 21 Jun, 21:00 Berlin time (before sunset at 21:33)", "2026-06-21T19:00:00Z", false],
    ["Berlin, 21 Jun, 22:15 Berlin time", "2026-06-21T20:15:00Z", true],
  ] as const)("%s", (_name, at, night) => {
    expect(isNight(new Date(at), 52.52, 13.405)).toBe(night);
  });
});
