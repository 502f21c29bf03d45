import { MIN_PLAYERS_MIN } from "@shared/constants";
import { EDITABLE_GAME_SETTING_FIELDS, GAME_SETTING_FIELDS } from "../../db/schema/game-settings";
import type { TemplateRow } from "./repo";

/**
 * The fields a weekly session's games take from its template: the columns `games` and `game_templates` share
 * (one column builder, db/schema/game-settings.ts). They carry the same names in both tables and in the
 * create/update inputs, so one list maps each to the other: a template made from its first game, a game made
 * from its template, a detail edit applied to the template and its future games.
 */
export const EDITABLE_SESSION_FIELDS = EDITABLE_GAME_SETTING_FIELDS;
/** The editable fields and where the games are: court, region, organisation. */
export const SESSION_FIELDS = GAME_SETTING_FIELDS;

export type SessionFields = Pick<TemplateRow, (typeof SESSION_FIELDS)[number]>;
type Editable = Pick<TemplateRow, (typeof EDITABLE_SESSION_FIELDS)[number]>;
/** A detail edit as updateGame and updateGameTemplate take it: only the fields set change. */
export type DetailEdit = { [K in keyof Editable]?: Editable[K] | undefined } & { removeMaxPlayers?: boolean | undefined };

/** The session's fields of a game row (or a template row). */
export function sessionFieldsOf(row: SessionFields): SessionFields {
  return Object.fromEntries(SESSION_FIELDS.map((k) => [k, row[k]])) as SessionFields;
}

/** The editable settings of a template (or game) row. */
export function editableFieldsOf(row: Editable): Editable {
  return Object.fromEntries(EDITABLE_SESSION_FIELDS.map((k) => [k, row[k]])) as Editable;
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
