import { z } from "zod";
import { zEmail, zIsoDate, zLanguage, zName, zOptionalName, zPassword, zSlug } from "./common";

export const ZRegisterInput = z.object({
  email: zEmail,
  password: zPassword,
  firstName: zName,
  lastName: zOptionalName,
  regionSlug: zSlug,
  /** Age of at least 16 is checked against it (spec 001 section 5); see README Decisions. */
  dateOfBirth: zIsoDate,
  language: zLanguage.default("de"),
  deviceToken: z.string().max(4096).optional().nullable(),
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
