import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Every action of the staff console (issue 26): who, what, on which subject, when, and the subject's
 * fields before and after (null for a creation / a deletion). Written in the same transaction as the
 * action by domains/admin/audit.ts; never updated or deleted. Owner: domains/admin.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** the staff member; null once their account is gone (the entry stays) */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** e.g. "region.create", "user.block", "gameReport.close" */
    action: text("action").notNull(),
    /** e.g. "region", "user", "organization", "gameReport", "news", "advertisement", "payment" */
    subjectType: text("subject_type").notNull(),
    subjectId: integer("subject_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_subject_idx").on(t.subjectType, t.subjectId)],
);

/**
 * The maintenance switch (issue 27): one row while the platform is in maintenance, none otherwise. Shared by every
 * server process through the database (each reads it within a few seconds; a LISTEN/NOTIFY makes it at once), set
 * and cleared in the staff console; the environment's MAINTENANCE_MODE holds a process in maintenance regardless.
 * Owner: domains/admin.
 */
export const maintenanceWindows = pgTable(
  "maintenance_windows",
  {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  /** shown to staff only; users read the spec's "... is in maintenance mode." */
  note: text("note").notNull().default(""),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  /** null while on; set when the staff member switches it off (the row stays as the record) */
  endedAt: timestamp("ended_at", { withTimezone: true }),
  startedById: integer("started_by_id").references(() => users.id, { onDelete: "set null" }),
  endedById: integer("ended_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  // at most one window open at a time
  (t) => [uniqueIndex("maintenance_windows_one_open").on(sql`(${t.endedAt} is null)`).where(sql`${t.endedAt} is null`)],
);
