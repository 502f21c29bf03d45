import { describe, expect, test } from "bun:test";
import { afterProfileSaveHref, parseProfileSearch } from "./profile-search";

describe("afterProfileSaveHref (spec 001 section 2.5)", () => {
  test.each([
    [{ "payments-onboarding": "", court: "4" }, "/payments-onboarding"],
    [{ "payments-onboarding": true }, "/payments-onboarding"],
    [{ court: "4" }, "/court/4"],
    [{ court: 12 }, "/court/12"],
    [{ court: "4; drop" }, "/user/7"],
    [{ token: "abc" }, "/user/7"],
    [{}, "/user/7"],
  ])("%o -> %s", (search, expected) => {
    expect(afterProfileSaveHref(parseProfileSearch(search), 7)).toBe(expected);
  });
});

describe("parseProfileSearch", () => {
  test("keeps a plausible token and drops anything else", () => {
    expect(parseProfileSearch({ token: "k3x-Y_9" })).toEqual({ token: "k3x-Y_9" });
    expect(parseProfileSearch({ token: "<script>" })).toEqual({});
    expect(parseProfileSearch({ "payments-onboarding": false })).toEqual({});
  });

  test("keeps Google's outcome (connected or an error code) and drops anything else", () => {
    expect(parseProfileSearch({ google: "connected" })).toEqual({ google: "connected" });
    expect(parseProfileSearch({ google: "GOOGLE_AUTH_FAILED" })).toEqual({ google: "GOOGLE_AUTH_FAILED" });
    expect(parseProfileSearch({ google: "<b>hi</b>" })).toEqual({});
    expect(parseProfileSearch({ googleOverlaps: "connected" })).toEqual({ googleOverlaps: "connected" });
    expect(parseProfileSearch({ googleOverlaps: "GOOGLE_UNAVAILABLE" })).toEqual({ googleOverlaps: "GOOGLE_UNAVAILABLE" });
    expect(parseProfileSearch({ googleOverlaps: "javascript:alert(1)" })).toEqual({});
  });
});
