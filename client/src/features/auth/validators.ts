import type { z } from "zod";
import { isInFuture, isOldEnough } from "@shared/rules/age";
import { berlinDay } from "@shared/rules/berlin-time";
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

/** YYYY-MM-DD, not in the future, and at least 16 on today's Berlin date (spec 001 section 5). */
export const validateDateOfBirth: Validator = (value) => {
  const problem = codeOf(fields.dateOfBirth, value);
  if (problem) return problem;
  const today = berlinDay(new Date());
  if (isInFuture(value, today)) return "date_in_future";
  if (!isOldEnough(value, today)) return "too_young";
  return null;
};
