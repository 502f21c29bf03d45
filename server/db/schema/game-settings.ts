import { boolean, integer, smallint, text } from "drizzle-orm/pg-core";
import { GAME_GENDERS, GAME_LEVELS, GAME_TYPES } from "@shared/constants";
import { courts } from "./courts";
import { organizations } from "./organizations";
import { regions } from "./regions";

/**
 * The settings a game and a weekly session's template share (`games`, `game_templates`): declared once here and
 * spread into both tables, so the two cannot drift apart. Each call makes new column builders (a table needs its
 * own). They carry the same names in both tables and in the create/update inputs: a template is made from its
 * first game, each week's game from its template, and a session's edit reaches its future games through these
 * keys (domains/weekly/fields.ts).
 */

/** Where a game is, and for which organisation: taken from the template, changed only by moving the session's court. */
function gamePlaceColumns() {
  return {
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    /** the feed a game appears in: its court's region, else the organiser's */
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    courtId: integer("court_id").references(() => courts.id, { onDelete: "set null" }),
  };
}

/** What the organiser edits; a session's edit copies exactly these to its future games. */
function gameEditableColumns() {
  return {
    title: text("title"),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en"),
    gameType: text("game_type", { enum: GAME_TYPES }).notNull().default("PUBLIC"),
    gameMode: smallint("game_mode").notNull().default(5),
    level: text("level", { enum: GAME_LEVELS }).notNull().default("ALL"),
    gender: text("gender", { enum: GAME_GENDERS }).notNull().default("MIXED"),
    priceCents: integer("price_cents").notNull().default(0),
    durationMinutes: smallint("duration_minutes").notNull().default(60),
    minPlayers: smallint("min_players").notNull().default(10),
    maxPlayers: smallint("max_players"),
    teams: smallint("teams").notNull().default(2),
    isManagedPayment: boolean("is_managed_payment").notNull().default(false),
    instantCapture: boolean("instant_capture").notNull().default(false),
    externalPaymentRequestsAllowed: boolean("external_payment_requests_allowed").notNull().default(false),
  };
}

/** The shared columns of `games` and `game_templates`, to spread into both tables. */
export function gameSettingColumns() {
  return { ...gamePlaceColumns(), ...gameEditableColumns() };
}

export type GameSettingField = keyof ReturnType<typeof gameSettingColumns>;
export type EditableGameSettingField = keyof ReturnType<typeof gameEditableColumns>;

/** Every shared setting's field name: what a week's game takes from its template. */
export const GAME_SETTING_FIELDS = Object.keys(gameSettingColumns()) as GameSettingField[];
/** The editable settings' field names: what a session's edit copies to the template and its future games. */
export const EDITABLE_GAME_SETTING_FIELDS = Object.keys(gameEditableColumns()) as EditableGameSettingField[];
