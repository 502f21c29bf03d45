import type { z } from "zod";
import { ZCreateOrUpdateAddressInput } from "@shared/schemas/addresses";
import type { Validator } from "@client/lib/use-field";

/** First issue's code of a shared schema (the schemas use codes as messages). */
function codeOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? "invalid";
}

const fields = ZCreateOrUpdateAddressInput.shape;

export const validateAddressLine1: Validator = (value) => codeOf(fields.line1, value);
export const validateAddressTown: Validator = (value) => codeOf(fields.town, value);

/** The postal code with the country's rule (German ones have five digits), as the server checks it. */
export function validatePostalCode(value: string, country: string): string | null {
  const own = codeOf(fields.postalCode, value);
  if (own) return own;
  const whole = ZCreateOrUpdateAddressInput.safeParse({ line1: "x", town: "x", postalCode: value, country: country || "DE" });
  return whole.success ? null : (whole.error.issues.find((i) => i.path[0] === "postalCode")?.message ?? null);
}
