import type { z } from "zod";
import { ZLoginInput, ZRegisterInput } from "@shared/schemas/auth";
import type { Validator } from "@client/lib/use-field";

/** First issue's code of a shared schema (the schemas use codes as messages). */
function codeOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? "invalid";
}

const fields = ZRegisterInput.shape;

export const validateEmail: Validator = (value) => codeOf(fields.email, value);
export const validateNewPassword: Validator = (value) => codeOf(fields.password, value);
export const validateLoginPassword: Validator = (value) => codeOf(ZLoginInput.shape.password, value);
export const validateFirstName: Validator = (value) => codeOf(fields.firstName, value);
export const validateLastName: Validator = (value) => codeOf(fields.lastName, value);
export const validateRegion: Validator = (value) => codeOf(fields.regionSlug, value);
