import { describe, expect, test } from "bun:test";
import { afterLoginHref, parseAuthSearch } from "./after-login";

describe("afterLoginHref (spec 001 section 2.3)", () => {
  test.each([
    [{ redirect: "/user/me", court: "4", game: "9" }, "/user/me"],
    [{ redirect: "https://evil.example/", court: "4" }, "/court/4"],
    [{ redirect: "//evil.example/x" }, "/user/7"],
    [{ court: "4", game: "9" }, "/court/4"],
    [{ game: "9" }, "/game/9"],
    [{}, "/user/7"],
  ])("%o -> %s", (search, expected) => {
    expect(afterLoginHref(search, 7)).toBe(expected);
  });
});

describe("parseAuthSearch", () => {
  test("reads the plain query of /login", () => {
    expect(parseAuthSearch({ redirect: "/games/berlin?tab=mine", logout: "" })).toEqual({
      redirect: "/games/berlin?tab=mine",
      logout: true,
    });
  });

  test("drops malformed court and game ids", () => {
    expect(parseAuthSearch({ court: "1 or 1=1", game: "../x" })).toEqual({});
    expect(parseAuthSearch({ court: "12", game: "abc-3" })).toEqual({ court: "12", game: "abc-3" });
  });
});
