import { z } from "zod";
import { FALLBACK_LANGUAGE } from "../constants";
import { zEmail, zIsoDate, zLanguage, zName, zOptionalName, zPassword, zSlug } from "./common";
import { zNativeDeviceToken } from "./notifications";

export const ZRegisterInput = z.object({
  email: zEmail,
  password: zPassword,
  firstName: zName,
  lastName: zOptionalName,
  regionSlug: zSlug,
  /**
   * Not asked at registration (spec 001 section 2.4: the user confirms being 16 through the legal
   * hint); when a client still sends one it must mean 16 or older (server/domains/accounts/README.md "Age at registration").
   */
  dateOfBirth: zIsoDate.nullable().optional(),
  /** the first two letters of the device's language (spec 001 section 3); without one, the fallback */
  language: zLanguage.default(FALLBACK_LANGUAGE),
  /** The native wrapper's FCM token: stored as the new account's device so it gets pushes. "" means none. */
  deviceToken: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), zNativeDeviceToken.nullable().optional()),
});
export type TRegisterInput = z.input<typeof ZRegisterInput>;

export const ZLoginInput = z.object({
  email: zEmail,
  // Login never tells which rule a password breaks: any non-empty string is tried.
  password: z.string().min(1, { error: "password_required" }).max(1024, { error: "password_too_long" }),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

export const ZAuthResult = z.object({
  userId: z.number().int(),
  /** Unix seconds when the session ends unless used again (the old API's refreshExpiresIn). */
  refreshExpiresIn: z.number().int(),
});
export type TAuthResult = z.infer<typeof ZAuthResult>;

export const ZUpdateLanguageInput = z.object({ applicationLanguage: zLanguage });
export type TUpdateLanguageInput = z.input<typeof ZUpdateLanguageInput>;

/**
 * The wrapper's `refreshToken(refreshToken)`: the token it holds (tokenAuth's `token`, our session token).
 * Without it the request's own session (cookie or Authorization header) is renewed.
 */
export const ZRefreshInput = z.object({ refreshToken: z.string().max(200).nullable().optional() });
export type TRefreshInput = z.input<typeof ZRefreshInput>;
