import type { z } from "zod";
import { birthDateProblem } from "@shared/rules/age";
import { berlinDay } from "@shared/rules/berlin-time";
import { ZEditProfileInput, ZResetPasswordInput } from "@shared/schemas/account";
import type { Validator } from "@client/lib/use-field";

/** First issue's code of a shared schema (the schemas use codes as messages). */
function codeOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? "invalid";
}

const fields = ZEditProfileInput.shape;

export const validateProfileEmail: Validator = (value) => codeOf(fields.email.unwrap(), value);
export const validateProfileFirstName: Validator = (value) => codeOf(fields.firstName.unwrap(), value);
export const validateProfileLastName: Validator = (value) => codeOf(fields.lastName, value);
/** Empty keeps the current password. */
export const validateProfilePassword: Validator = (value) => (value === "" ? null : codeOf(fields.password.unwrap(), value));
export const validateResetPassword: Validator = (value) => codeOf(ZResetPasswordInput.shape.newPassword, value);

/** Optional on the profile; YYYY-MM-DD, not in the future and 16 or older (spec 001 section 5; README "Age at registration"). */
export const validateProfileDateOfBirth: Validator = (value) => {
  if (value === "") return null;
  const problem = codeOf(fields.dateOfBirth, value);
  if (problem) return problem;
  return birthDateProblem(value, berlinDay(new Date()));
};
