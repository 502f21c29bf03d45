import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { regions } from "./regions";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** stored lower-case; unique */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    profileImageUrl: text("profile_image_url"),
    receiveGameEmails: boolean("receive_game_emails").notNull().default(true),
    regionId: integer("region_id").references(() => regions.id, { onDelete: "set null" }),
    isCourtOwner: boolean("is_court_owner").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    applicationLanguage: text("application_language", { enum: ["de", "en"] }).notNull().default("de"),
    /** 0-100; null while unknown (too little history) */
    reliabilityRating: smallint("reliability_rating"),
    punctualityRating: smallint("punctuality_rating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** the account was deleted: personal data removed, the row kept so others' history stays whole */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`), index("users_region_idx").on(t.regionId)],
);

/** Django-style permission groups; staff groups are named in shared/constants.ts. */
export const groups = pgTable("groups", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
});

export const userGroups = pgTable(
  "user_groups",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_groups_group_idx").on(t.groupId)],
);
