import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../constants";

/**
 * Field validators of spec 001 section 5. Every message is a code; the client translates it
 * as m[`validation_${code}`]() and the server returns it in `fields`.
 */
export const zEmail = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "email_required" })
  .max(EMAIL_MAX_LENGTH, { error: "email_invalid" })
  .pipe(z.email({ error: "email_invalid" }))
  .transform((v) => v.toLowerCase());

export const zPassword = z
  .string({ error: "required" })
  .min(1, { error: "password_required" })
  .min(PASSWORD_MIN_LENGTH, { error: "password_too_short" })
  .max(PASSWORD_MAX_LENGTH, { error: "password_too_long" });

// Letters (any script, with combining marks), digits and hyphens; one space at most; no emojis.
const NAME_ALLOWED = /^[\p{L}\p{M}\p{Nd}-]+( [\p{L}\p{M}\p{Nd}-]+)?$/u;
const HAS_LETTER = /\p{L}/u;

/** Checks a trimmed name and returns the first problem's code, or null. */
export function nameProblem(value: string): string | null {
  if (value.length === 0) return "name_required";
  if ([...value].length < NAME_MIN_LENGTH || [...value].length > NAME_MAX_LENGTH) return "name_length";
  if (!HAS_LETTER.test(value)) return "name_needs_letter";
  if (/\s.*\s/u.test(value)) return "name_one_space";
  if (!NAME_ALLOWED.test(value)) return "name_invalid_chars";
  return null;
}

export const zName = z
  .string({ error: "required" })
  .trim()
  .superRefine((value, ctx) => {
    const problem = nameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Optional name (e.g. last name): empty means "not given". */
export const zOptionalName = z
  .string()
  .trim()
  .optional()
  .nullable()
  .superRefine((value, ctx) => {
    if (!value) return;
    const problem = nameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((v) => (v ? v : null));

/** A calendar date written YYYY-MM-DD that exists. */
export const zIsoDate = z
  .string({ error: "date_required" })
  .trim()
  .min(1, { error: "date_required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "date_format" })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { error: "date_format" },
  );

export const zLanguage = z.enum(LANGUAGES, { error: "language_invalid" });

export const zSlug = z
  .string()
  .trim()
  .min(1, { error: "region_required" })
  .max(100)
  .regex(/^[a-z0-9-]+$/, { error: "region_required" });

export const zId = z.number().int().positive();
