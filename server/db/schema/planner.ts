import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PLANNER_SHARE_CHANNELS, PLANNER_STATUSES } from "@shared/constants";
import { courts } from "./courts";
import { regions } from "./regions";
import { users } from "./users";
import { gameTemplates } from "./weekly";

/**
 * The availability planner (spec 001 section 2.2 /planner, issue 26): an organiser proposes up to 3 weekly
 * slots and an interval (spec 001 section 9: 0 weekly, 1 every two weeks, 2 monthly); players answer on a
 * public poll page (`publicToken`) without an account; at the poll end the winning slot becomes a weekly
 * session (`gameTemplateId`). Owner: domains/planner.
 */
export const availabilityPlanners = pgTable(
  "availability_planners",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    organizerId: integer("organizer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    regionId: integer("region_id").references(() => regions.id, { onDelete: "set null" }),
    courtId: integer("court_id").references(() => courts.id, { onDelete: "set null" }),
    interval: smallint("interval").notNull(),
    pollEndsAt: timestamp("poll_ends_at", { withTimezone: true }).notNull(),
    /** where the organiser shares the poll (the old form's "chat" field) */
    shareChannel: text("share_channel", { enum: PLANNER_SHARE_CHANNELS }).notNull(),
    /** the poll page's unguessable id (/poll/{publicToken}) */
    publicToken: text("public_token").notNull(),
    status: text("status", { enum: PLANNER_STATUSES }).notNull().default("OPEN"),
    winningSlotId: integer("winning_slot_id"),
    gameTemplateId: integer("game_template_id").references(() => gameTemplates.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("availability_planners_token_unique").on(t.publicToken),
    index("availability_planners_organizer_idx").on(t.organizerId),
    check("availability_planners_interval", sql`${t.interval} between 0 and 2`),
  ],
);

/** A proposed slot: weekday (0 Monday … 6 Sunday, spec 001 section 9) and Berlin wall-clock start. */
export const availabilityPlannerSlots = pgTable(
  "availability_planner_slots",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    plannerId: integer("planner_id")
      .notNull()
      .references(() => availabilityPlanners.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    /** "HH:MM", Europe/Berlin */
    startTime: text("start_time").notNull(),
    durationMinutes: smallint("duration_minutes").notNull().default(90),
    position: smallint("position").notNull(),
  },
  (t) => [
    uniqueIndex("availability_planner_slots_position").on(t.plannerId, t.position),
    check("availability_planner_slots_weekday", sql`${t.weekday} between 0 and 6`),
    check("availability_planner_slots_time", sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * One voter's answer to one slot. `voterKey` is a random id the poll page keeps in the browser (or the
 * account's id), so a voter can change their answer; it is not proof of identity, and a poll is not an
 * election (issue 26): the organiser reads first names.
 */
export const availabilityPlannerAnswers = pgTable(
  "availability_planner_answers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    plannerId: integer("planner_id")
      .notNull()
      .references(() => availabilityPlanners.id, { onDelete: "cascade" }),
    slotId: integer("slot_id")
      .notNull()
      .references(() => availabilityPlannerSlots.id, { onDelete: "cascade" }),
    voterKey: text("voter_key").notNull(),
    firstName: text("first_name").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    available: smallint("available").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("availability_planner_answers_unique").on(t.slotId, t.voterKey),
    index("availability_planner_answers_planner_idx").on(t.plannerId),
    check("availability_planner_answers_available", sql`${t.available} in (0, 1)`),
  ],
);
