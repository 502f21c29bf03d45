import { describe, expect, test } from "bun:test";
import { ZRefreshInput, ZRegisterInput } from "./auth";

describe("register input of spec 001 section 7", () => {
  const documented = { email: "neu@example.org", password: "geheim1", firstName: "Anna", lastName: null, regionSlug: "berlin", language: "de-DE", deviceToken: "fcm-token-1" };

  test("the documented payload parses without a date of birth", () => {
    const parsed = ZRegisterInput.parse(documented);
    expect(parsed).toMatchObject({ language: "de", deviceToken: "fcm-token-1", lastName: null });
    expect(parsed.dateOfBirth).toBeUndefined();
  });

  test("a given date of birth must still be a date", () => {
    expect(ZRegisterInput.safeParse({ ...documented, dateOfBirth: "1.1.2000" }).error?.issues[0]).toMatchObject({ path: ["dateOfBirth"], message: "date_format" });
    expect(ZRegisterInput.parse({ ...documented, dateOfBirth: null }).dateOfBirth).toBeNull();
  });

  test("an empty device token means none; web-push tokens are not native devices", () => {
    expect(ZRegisterInput.parse({ ...documented, deviceToken: "" }).deviceToken).toBeNull();
    expect(ZRegisterInput.parse({ ...documented, deviceToken: "  " }).deviceToken).toBeNull();
    expect(ZRegisterInput.safeParse({ ...documented, deviceToken: "wp_abc" }).success).toBe(false);
  });

  test("refreshToken takes nothing or the token the wrapper holds", () => {
    expect(ZRefreshInput.parse({})).toEqual({});
    expect(ZRefreshInput.parse({ refreshToken: "abc" })).toEqual({ refreshToken: "abc" });
    expect(ZRefreshInput.safeParse({ refreshToken: "x".repeat(201) }).success).toBe(false);
  });
});
