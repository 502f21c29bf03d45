import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { appErrorCode, errorMessage, fieldErrorCodes, isNetworkError, isRequestError, validationMessage } from "./errors";

// Runs with the base locale (de): no localStorage or preferred language in bun.
function trpcError(data: unknown): TRPCClientError<never> {
  const error = new TRPCClientError<never>("server said no");
  (error as unknown as { data: unknown }).data = data;
  return error;
}

describe("errorMessage", () => {
  test("translates the server's code", () => {
    expect(errorMessage(trpcError({ code: "UNAUTHORIZED", app: { code: "INVALID_CREDENTIALS" } }))).toBe(
      "E-Mail oder Passwort ist inkorrekt.",
    );
  });

  test("tells how long to wait after too many attempts", () => {
    const error = trpcError({ app: { code: "TOO_MANY_LOGIN_ATTEMPTS", details: { retryAfterSeconds: 600 } } });
    expect(errorMessage(error)).toContain("10 Minuten");
    const soon = trpcError({ app: { code: "TOO_MANY_LOGIN_ATTEMPTS", details: { retryAfterSeconds: 44.2 } } });
    expect(errorMessage(soon)).toBe("Zu viele Anmeldeversuche. Bitte versuche es in 45 Sekunden erneut.");
    // without a usable time: the code's own text
    const unknown = errorMessage(trpcError({ app: { code: "TOO_MANY_LOGIN_ATTEMPTS", details: { retryAfterSeconds: "soon" } } }));
    expect(unknown).toBe("Zu viele Anmeldeversuche. Bitte versuche es später erneut.");
  });

  test("without our code in data.app, the unexpected error", () => {
    expect(appErrorCode(trpcError({ code: "NOT_FOUND", httpStatus: 404 }))).toBeNull(); // every server error carries data.app
    expect(errorMessage(trpcError({ app: { code: "SOMETHING_NEW" } }))).toBe(
      "Unerwarteter Serverfehler. Bitte versuche es später erneut.",
    );
    expect(errorMessage(new Error("boom"))).toBe("Unerwarteter Serverfehler. Bitte versuche es später erneut.");
  });

  test("takes a code by its shape, without the server's table of codes (issue 28)", () => {
    expect(appErrorCode(trpcError({ app: { code: "GAME_NOT_FOUND" } }))).toBe("GAME_NOT_FOUND");
    expect(appErrorCode(trpcError({ app: { code: "SOMETHING_NEW" } }))).toBe("SOMETHING_NEW" as never);
    for (const code of ["game_not_found", "", "__proto__", "NOT FOUND", 404, null]) expect(appErrorCode(trpcError({ app: { code } }))).toBeNull();
  });

  test("recognises a lost connection", () => {
    const error = new TRPCClientError("Failed to fetch", { cause: new TypeError("Failed to fetch") });
    expect(isNetworkError(error)).toBe(true);
    expect(errorMessage(error)).toContain("Keine Verbindung");
  });

  test("an answer that is not our API's (a proxy's 502 page) says the server is unreachable", () => {
    const cause = new SyntaxError(`Unexpected token 'B', "Bad Gateway" is not valid JSON`);
    const error = new TRPCClientError(cause.message, { cause });
    expect(isNetworkError(error)).toBe(false);
    expect(errorMessage(error)).toBe("Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.");
  });
});

describe("isRequestError: retry in place, or the fallback screen (spec 001 section 2.1)", () => {
  const cases: [string, boolean, () => unknown][] = [
    ["a server error with our code", true, () => trpcError({ httpStatus: 500, app: { code: "UNEXPECTED" } })],
    ["a proxy's 502 page", true, () => new TRPCClientError("Unexpected token", { cause: new SyntaxError("Unexpected token") })],
    ["no connection", true, () => new TRPCClientError("Failed to fetch", { cause: new TypeError("Failed to fetch") })],
    ["a bare fetch failure", true, () => new TypeError("Failed to fetch")],
    ["a bug while drawing", false, () => new TypeError("Cannot read properties of null (reading 'slug')")],
    ["any other exception", false, () => new Error("boom")],
  ];
  test.each(cases)("%s -> %p", (_name, expected, make) => {
    const error = make();
    expect(isRequestError(error)).toBe(expected);
    if (!expected) expect(isNetworkError(error)).toBe(false);
  });
});
