import { describe, expect, test } from "bun:test";
import { TRPCClientError } from "@trpc/client";
import { serverFieldCodes } from "./use-server-errors";

function trpcError(app: unknown): TRPCClientError<never> {
  const error = new TRPCClientError<never>("server said no");
  (error as unknown as { data: unknown }).data = { app };
  return error;
}

describe("server field problems at their fields", () => {
  test("the first problem of each field, by the input's names (a nested path counts for its first name)", () => {
    const error = trpcError({
      code: "VALIDATION",
      fields: [
        { path: "email", code: "email_invalid" },
        { path: "email", code: "required" },
        { path: "alternativeNames.1", code: "text_control_chars" },
      ],
    });
    expect(serverFieldCodes(error)).toEqual({ email: "email_invalid", alternativeNames: "text_control_chars" });
  });

  test("an error code placed at a field wins over that field's own problem", () => {
    const error = trpcError({ code: "REGION_NOT_FOUND", fields: [{ path: "regionSlug", code: "region_not_found" }] });
    expect(serverFieldCodes(error, { REGION_NOT_FOUND: ["regionSlug", "region_required"] })).toEqual({ regionSlug: "region_required" });
  });

  test("null clears the field, so only the form's notice speaks", () => {
    expect(serverFieldCodes(trpcError({ code: "EMAIL_IN_USE" }), { EMAIL_IN_USE: ["email", null] })).toEqual({ email: null });
  });

  test("other errors name no field", () => {
    expect(serverFieldCodes(trpcError({ code: "EMAIL_IN_USE" }), { REGION_NOT_FOUND: ["regionSlug", "region_required"] })).toEqual({});
    expect(serverFieldCodes(new Error("boom"))).toEqual({});
  });
});
