import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { AD_KINDS, AD_POSITIONS, AD_SIZES } from "@shared/constants";
import { regions } from "./regions";
import { tournaments } from "./tournaments";
import { users } from "./users";

/**
 * An advertisement (spec 001 sections 2.11, 3, 9): a picture with a link, in the game feed of a region at a
 * position (kind GAME) or on tournament pages (kind TOURNAMENT; one tournament, or every tournament of
 * the region when `tournamentId` is null). `regionId` null: every region. Shown while `activeFrom` <= now <
 * `activeUntil` (either may be null: open-ended) and an image exists. Owner: domains/ads.
 */
export const advertisements = pgTable(
  "advertisements",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind", { enum: AD_KINDS }).notNull(),
    /** GAME: BIG, HALF, MEDIUM; TOURNAMENT: SMALL, MEDIUM, BIG (shared/constants AD_SIZES, heights in AD_IMAGE) */
    size: text("size", { enum: AD_SIZES }).notNull(),
    /** feed group the ad follows (GAME only; null for TOURNAMENT) */
    position: text("position", { enum: AD_POSITIONS }),
    title: text("title").notNull(),
    linkUrl: text("link_url").notNull(),
    imageUrl: text("image_url"),
    regionId: integer("region_id").references(() => regions.id, { onDelete: "cascade" }),
    tournamentId: integer("tournament_id").references(() => tournaments.id, { onDelete: "cascade" }),
    activeFrom: timestamp("active_from", { withTimezone: true }),
    activeUntil: timestamp("active_until", { withTimezone: true }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("advertisements_region_idx").on(t.kind, t.regionId),
    check("advertisements_position_by_kind", sql`(${t.kind} = 'GAME') = (${t.position} is not null)`),
    check("advertisements_tournament_by_kind", sql`${t.kind} = 'TOURNAMENT' or ${t.tournamentId} is null`),
    check("advertisements_period", sql`${t.activeFrom} is null or ${t.activeUntil} is null or ${t.activeFrom} < ${t.activeUntil}`),
  ],
);

/**
 * Impressions and clicks per ad and Berlin day, counted without cookies or any id of the viewer
 * (issue 26): the counter is all that is stored.
 */
export const advertisementStats = pgTable(
  "advertisement_stats",
  {
    advertisementId: integer("advertisement_id")
      .notNull()
      .references(() => advertisements.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.advertisementId, t.day] })],
);
