import { describe, expect, test } from "bun:test";
import { ERROR_CODES, ERROR_STATUSES, ERRORS, httpStatusOf, isErrorCode, type ErrorCode, type ErrorSpec, type ErrorStatus } from "./errors";

const codes = Object.keys(ERRORS) as ErrorCode[];

describe("the error table", () => {
  test("every code declares a status of the allowed set and a one-line English message", () => {
    expect(codes.length).toBeGreaterThan(80);
    for (const code of codes) {
      const { status, message } = ERRORS[code];
      expect({ code, allowed: (ERROR_STATUSES as readonly number[]).includes(status) }).toEqual({ code, allowed: true });
      expect({ code, oneLine: message.length > 0 && message.length <= 200 && !/\n/.test(message) }).toEqual({ code, oneLine: true });
      expect(httpStatusOf(code)).toBe(status);
    }
  });

  test("the type forces a status of the allowed set (ERRORS satisfies Record<string, ErrorSpec>)", () => {
    // @ts-expect-error a code without a status does not compile
    const missing = { NEW_CODE: { message: "New" } } satisfies Record<string, ErrorSpec>;
    // @ts-expect-error nor one with a status outside ERROR_STATUSES
    const teapot = { NEW_CODE: { status: 418, message: "New" } } satisfies Record<string, ErrorSpec>;
    expect([missing, teapot]).toHaveLength(2);
  });

  test("ERROR_CODES is the message of each code, and nothing else", () => {
    expect(Object.keys(ERROR_CODES)).toEqual(codes);
    for (const code of codes) expect(ERROR_CODES[code]).toBe(ERRORS[code].message);
    expect(isErrorCode("GAME_NOT_FOUND")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
  });

  test.each<[ErrorCode, ErrorStatus]>([
    ["UNEXPECTED", 500],
    ["VALIDATION", 400],
    ["METHOD_NOT_ALLOWED", 405],
    ["PAYLOAD_TOO_LARGE", 413],
    ["UNAUTHENTICATED", 401],
    ["SESSION_EXPIRED", 401],
    ["INVALID_CREDENTIALS", 401],
    ["FORBIDDEN", 403],
    ["CSRF_FAILED", 403],
    ["NOT_FOUND", 404],
    // the three the old partial map answered with 400
    ["GAME_NOT_FOUND", 404],
    ["GAME_EDIT_FORBIDDEN", 403],
    ["COMMENT_RATE_LIMITED", 429],
    ["DIRECT_MESSAGE_RATE_LIMITED", 429],
    ["GAME_CREATION_THROTTLED", 429],
    ["PUBLIC_GAME_WITHIN_HOUR", 429],
    ["TOO_MANY_PUBLIC_GAMES_WEEK", 429],
    ["TOO_MANY_LOGIN_ATTEMPTS", 429],
    ["EMAIL_IN_USE", 409],
    ["ALREADY_PARTICIPATING", 409],
    ["ALREADY_REPORTED", 409],
    ["SAME_COURT_WITHIN_HOUR", 409],
    ["GUEST_NAME_TAKEN", 409],
    ["NOT_ENOUGH_PLACES", 409],
    ["GAME_ALREADY_CANCELLED", 409],
    ["PAYMENT_TRANSITION_NOT_ALLOWED", 409],
    ["PARTICIPATION_NOT_FOUND", 404],
    ["PARTICIPATION_FORBIDDEN", 403],
    ["BANNED_FROM_GAME", 403],
    ["PRICE_NOT_ALLOWED", 403],
    ["MANAGED_PAYMENT_NEEDS_ACCOUNT", 403],
    ["GAME_IN_PAST", 400],
    ["TOO_YOUNG", 400],
    ["RESET_TOKEN_INVALID", 400],
    ["IMAGE_TOO_LARGE", 413],
    ["IMAGE_FORMAT", 415],
    ["IMAGE_DIMENSIONS", 422],
    ["IMAGE_BUSY", 429],
  ])("%s answers %i", (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  // A new code named like its kind gets that kind's status; the exceptions are refused by state, not by who asks.
  const STATE_REFUSALS_NAMED_NOT_ALLOWED: ErrorCode[] = ["PRICE_RAISE_NOT_ALLOWED", "PAYMENT_TRANSITION_NOT_ALLOWED", "CASH_NOT_ALLOWED", "BOOKING_TRANSITION_NOT_ALLOWED"];
  test.each<[string, RegExp, ErrorStatus]>([
    ["not found", /NOT_FOUND$/, 404],
    ["forbidden", /FORBIDDEN$/, 403],
    ["not allowed", /NOT_ALLOWED$/, 403],
    ["rate limits and quotas", /RATE_LIMITED$|THROTTLED$|^TOO_MANY_/, 429],
    ["already", /(^|_)ALREADY_/, 409],
  ])("every code named %s answers its status", (_kind, name, status) => {
    const named = codes.filter((c) => name.test(c) && !STATE_REFUSALS_NAMED_NOT_ALLOWED.includes(c) && c !== "METHOD_NOT_ALLOWED");
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((c) => httpStatusOf(c) !== status)).toEqual([]);
  });

  test("the exceptions to the naming are conflicts", () => {
    for (const code of STATE_REFUSALS_NAMED_NOT_ALLOWED) expect(httpStatusOf(code)).toBe(409);
  });
});
