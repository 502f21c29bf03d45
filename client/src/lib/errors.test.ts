import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { appErrorCode, errorMessage, fieldErrorCodes, isNetworkError, validationMessage } from "./errors";

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
  });

  test("without our code in data.app, the unexpected error", () => {
    expect(appErrorCode(trpcError({ code: "NOT_FOUND", httpStatus: 404 }))).toBeNull(); // every server error carries data.app
    expect(errorMessage(trpcError({ app: { code: "SOMETHING_NEW" } }))).toBe(
      "Unerwarteter Serverfehler. Bitte versuche es später erneut.",
    );
    expect(errorMessage(new Error("boom"))).toBe("Unerwarteter Serverfehler. Bitte versuche es später erneut.");
  });

  test("recognises a lost connection", () => {
    const error = new TRPCClientError("Failed to fetch", { cause: new TypeError("Failed to fetch") });
    expect(isNetworkError(error)).toBe(true);
    expect(errorMessage(error)).toContain("Keine Verbindung");
  });
});

test("field issues map to validation codes per form field", () => {
  const error = trpcError({
    app: {
      code: "VALIDATION",
      fields: [
        { path: "email", code: "email_invalid" },
        { path: "firstName", code: "name_length" },
        { path: "email", code: "email_required" },
      ],
    },
  });
  expect(fieldErrorCodes(error)).toEqual({ email: "email_invalid", firstName: "name_length" });
  expect(validationMessage("name_length")).toBe("Der Name muss 2 bis 50 Zeichen lang sein.");
  expect(validationMessage("no_such_code")).toBe("Ungültige Eingabe.");
});
