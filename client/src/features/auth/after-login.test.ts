import { describe, expect, test } from "bun:test";
import { afterLoginHref, authHref, parseAuthSearch, returnSearch } from "./after-login";

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

describe("sign-in entries come back to the page they are on (spec 001 section 2.3)", () => {
  test.each([
    ["/game/2", "", { redirect: "/game/2" }],
    ["/games/berlin", "?tab=mine", { redirect: "/games/berlin?tab=mine" }],
    // On the sign-in and registration pages the destination they were given is passed on.
    ["/login", "?redirect=%2Fgame%2F2&logout", { redirect: "/game/2" }],
    ["/register", "?court=4", { court: "4" }],
    ["/login", "", {}],
  ])("%s%s -> %o", (pathname, searchStr, expected) => {
    expect(returnSearch(pathname, searchStr)).toEqual(expected);
  });

  test("as a plain href", () => {
    expect(authHref("/login", { redirect: "/games/berlin?tab=mine" })).toBe("/login?redirect=%2Fgames%2Fberlin%3Ftab%3Dmine");
    expect(authHref("/register", { court: "4", game: "9" })).toBe("/register?court=4&game=9");
    expect(authHref("/login", {})).toBe("/login");
  });
});
