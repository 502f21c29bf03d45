import { ZCreateOrUpdateAddressInput } from "@shared/schemas/addresses";
import { schemaProblem } from "@client/lib/schema-problem";
import type { Validator } from "@client/lib/use-field";

const fields = ZCreateOrUpdateAddressInput.shape;

export const validateAddressLine1: Validator = (value) => schemaProblem(fields.line1, value);
export const validateAddressTown: Validator = (value) => schemaProblem(fields.town, value);

/** The postal code with the country's rule (German ones have five digits), as the server checks it. */
export function validatePostalCode(value: string, country: string): string | null {
  const own = schemaProblem(fields.postalCode, value);
  if (own) return own;
  const whole = ZCreateOrUpdateAddressInput.safeParse({ line1: "x", town: "x", postalCode: value, country: country || "DE" });
  return whole.success ? null : (whole.error.issues.find((i) => i.path[0] === "postalCode")?.message ?? null);
}
