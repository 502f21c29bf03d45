import { MIN_PLAYERS_MIN } from "@shared/constants";
import type { TemplateRow } from "./repo";

/**
 * The fields a weekly session's games take from its template. They carry the same names in `games`,
 * `game_templates` and the create/update inputs, so one list maps each to the other: a template made
 * from its first game, a game made from its template, a detail edit applied to the template.
 */
export const EDITABLE_SESSION_FIELDS = [
  "title",
  "description",
  "descriptionEn",
  "gameType",
  "gameMode",
  "level",
  "gender",
  "priceCents",
  "durationMinutes",
  "minPlayers",
  "maxPlayers",
  "teams",
  "isManagedPayment",
  "instantCapture",
  "externalPaymentRequestsAllowed",
] as const;
export const SESSION_FIELDS = [...EDITABLE_SESSION_FIELDS, "courtId", "regionId", "organizationId"] as const;

export type SessionFields = Pick<TemplateRow, (typeof SESSION_FIELDS)[number]>;
type Editable = Pick<TemplateRow, (typeof EDITABLE_SESSION_FIELDS)[number]>;
/** A detail edit as updateGame and updateGameTemplate take it: only the fields set change. */
export type DetailEdit = { [K in keyof Editable]?: Editable[K] | undefined } & { removeMaxPlayers?: boolean | undefined };

/** The session's fields of a game row (or a template row). */
export function sessionFieldsOf(row: SessionFields): SessionFields {
  return Object.fromEntries(SESSION_FIELDS.map((k) => [k, row[k]])) as SessionFields;
}

/**
 * What a detail edit changes in a template, normalised as on a game: an empty title or English text is
 * none, removeMaxPlayers is "no maximum", and the wrapper's "takes place" minimum (0) is not a minimum.
 */
export function templateChangesOf(edit: DetailEdit): Partial<Editable> {
  const out: Record<string, unknown> = {};
  for (const k of EDITABLE_SESSION_FIELDS) if (edit[k] !== undefined) out[k] = edit[k];
  if (out.title === "") out.title = null;
  if (out.descriptionEn === "") out.descriptionEn = null;
  if (edit.minPlayers !== undefined && edit.minPlayers < MIN_PLAYERS_MIN) delete out.minPlayers;
  if (edit.removeMaxPlayers) out.maxPlayers = null;
  return out as Partial<Editable>;
}
