import { birthDateProblem } from "@shared/rules/age";
import { berlinDay } from "@shared/rules/berlin-time";
import { ZEditProfileInput, ZResetPasswordInput } from "@shared/schemas/account";
import { schemaProblem } from "@client/lib/schema-problem";
import type { Validator } from "@client/lib/use-field";

const fields = ZEditProfileInput.shape;

export const validateProfileEmail: Validator = (value) => schemaProblem(fields.email.unwrap(), value);
export const validateProfileFirstName: Validator = (value) => schemaProblem(fields.firstName.unwrap(), value);
export const validateProfileLastName: Validator = (value) => schemaProblem(fields.lastName, value);
/** Empty keeps the current password. */
export const validateProfilePassword: Validator = (value) => (value === "" ? null : schemaProblem(fields.password.unwrap(), value));
export const validateResetPassword: Validator = (value) => schemaProblem(ZResetPasswordInput.shape.newPassword, value);

/** Optional on the profile; YYYY-MM-DD, not in the future and 16 or older (spec 001 section 5; server/domains/accounts/README.md "Age at registration"). */
export const validateProfileDateOfBirth: Validator = (value) => {
  if (value === "") return null;
  const problem = schemaProblem(fields.dateOfBirth, value);
  if (problem) return problem;
  return birthDateProblem(value, berlinDay(new Date()));
};
