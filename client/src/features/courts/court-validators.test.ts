import { describe, expect, test } from "bun:test";
import { courtNameProblem, formatCoordinate, latitudeProblem, longitudeProblem, parseCoordinate } from "./court-validators";

describe("create-court checks (spec 001 section 5)", () => {
  test.each([
    ["52.52", 52.52],
    ["52,52", 52.52],
    [" -13.4 ", -13.4],
    ["+90", 90],
    ["", null],
    ["abc", null],
    ["52.5.1", null],
    ["1e3", null],
    ["1234", null],
  ] as const)("parses %p", (raw, expected) => {
    expect(parseCoordinate(raw)).toBe(expected);
  });

  test("latitude -90..90, longitude -180..180, both required", () => {
    expect(latitudeProblem("")).toBe("latitude_invalid");
    expect(latitudeProblem("90")).toBeNull();
    expect(latitudeProblem("-90")).toBeNull();
    expect(latitudeProblem("90.0001")).toBe("latitude_invalid");
    expect(latitudeProblem("x")).toBe("latitude_invalid");
    expect(longitudeProblem("")).toBe("longitude_invalid");
    expect(longitudeProblem("180")).toBeNull();
    expect(longitudeProblem("-180,5")).toBe("longitude_invalid");
    expect(longitudeProblem("13,404954")).toBeNull();
  });

  test("court name", () => {
    expect(courtNameProblem(" ")).toBe("required");
    expect(courtNameProblem("A")).toBe("court_name_too_short");
    expect(courtNameProblem("Bolzplatz")).toBeNull();
    expect(courtNameProblem("x".repeat(101))).toBe("court_name_too_long");
  });

  test("names the server refuses are refused here too (the shared zCourtName)", () => {
    // a tab or another control character passed the old client copy of the rule
    expect(courtNameProblem("Bolz\tplatz")).toBe("text_control_chars");
    expect(courtNameProblem("Bolz\u0007platz")).toBe("text_control_chars");
    // counted after trimming, as the server does
    expect(courtNameProblem("  A  ")).toBe("court_name_too_short");
    expect(courtNameProblem(` ${"x".repeat(100)} `)).toBeNull();
  });

  test("a picked point keeps six decimals", () => {
    expect(formatCoordinate(52.520008123)).toBe("52.520008");
    expect(formatCoordinate(13.4)).toBe("13.4");
    expect(formatCoordinate(10)).toBe("10");
  });
});
