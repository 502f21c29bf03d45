import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  type Language,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../constants";
import { nameProblem } from "../rules/names";

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

export { nameProblem };

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

const LANGUAGE_TAG = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/i;

/** The language of a well-formed tag ("en-GB", "de_AT", "DE") if it is one we speak; otherwise null. */
export function supportedLanguage(value: string): Language | null {
  const primary = LANGUAGE_TAG.exec(value.trim())?.[1]?.toLowerCase();
  return LANGUAGES.find((l) => l === primary) ?? null;
}

/**
 * The one language normaliser for everything a client sends (shared/README.md "Language tags"):
 * BCP 47 tags and locale names ("en-GB", "de-DE", "en_US", "DE") count by their primary subtag; a
 * well-formed tag of a language we do not speak ("fr", "pt-BR") gets the fallback, English (spec 001
 * sections 1 and 9); anything that is not a language tag at all is null (refused with `language_invalid`).
 */
export function normalizeLanguage(value: string): Language | null {
  if (!LANGUAGE_TAG.test(value.trim())) return null;
  return supportedLanguage(value) ?? FALLBACK_LANGUAGE;
}

export const zLanguage = z
  .string({ error: "language_invalid" })
  .max(35, { error: "language_invalid" })
  .transform((value, ctx) => {
    const language = normalizeLanguage(value);
    if (language) return language;
    ctx.addIssue({ code: "custom", message: "language_invalid" });
    return z.NEVER;
  });

export const zSlug = z
  .string()
  .trim()
  .min(1, { error: "region_required" })
  .max(100)
  .regex(/^[a-z0-9-]+$/, { error: "region_required" });

/** Identity columns are PostgreSQL `integer`: anything outside 1..2^31-1 names nothing and is refused before the database sees it. */
export const ID_MAX = 2_147_483_647;
export const zId = z.number({ error: "id_invalid" }).int({ error: "id_invalid" }).min(1, { error: "id_invalid" }).max(ID_MAX, { error: "id_invalid" });

/** C0 controls other than tab, line feed and carriage return, DEL and the C1 controls. */
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Every control character, line breaks and tabs too: for one-line values (titles, tokens, search terms). */
const LINE_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Free text people type and we store or search (descriptions, titles, cancellation and removal
 * messages, reports, search terms): trimmed, at most `max` characters, and refused with
 * `text_control_chars` when it holds control characters (PostgreSQL cannot store NUL at all).
 * Chat text is the exception: it is cleaned instead (shared/rules/message-text.ts, server/domains/chat/README.md "Chat rules").
 */
export function zPlainText(max: number, tooLong: string, opts: { singleLine?: boolean } = {}) {
  const forbidden = opts.singleLine ? LINE_CONTROL_CHARS : CONTROL_CHARS;
  return z
    .string({ error: "required" })
    .trim()
    .max(max, { error: tooLong })
    .refine((v) => !forbidden.test(v), { error: "text_control_chars" });
}

/** A device's push token (FCM, web push, `web-<random>`): one line of at most 4096 characters. */
export const zPushToken = zPlainText(4096, "invalid", { singleLine: true }).min(1, { error: "required" });

/** The browser's user agent as the client reports it: one line, kept for the organiser's device list. */
export const zUserAgent = zPlainText(1000, "invalid", { singleLine: true });
