import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { games } from "./games";
import { regions } from "./regions";
import { users } from "./users";

/**
 * A device that receives pushes: a browser's web-push subscription (endpoint and keys) or, later,
 * the native wrapper's FCM token. `deviceToken` is the id the app passes around (game and region
 * subscriptions, guest comments): for web push it is derived from the endpoint (see push/web-push.ts).
 */
export const pushDevices = pgTable(
  "push_devices",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    deviceToken: text("device_token").notNull(),
    kind: text("kind", { enum: ["web", "fcm"] }).notNull(),
    endpoint: text("endpoint"),
    p256dh: text("p256dh"),
    auth: text("auth"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** the session that bound the device to `userId`: while it lasts, no other account may take the device (server/domains/notifications/README.md "Devices stay with their account") */
    sessionId: text("session_id"),
    userAgent: text("user_agent"),
    language: text("language", { enum: ["de", "en"] }).notNull().default("de"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_devices_token_unique").on(t.deviceToken), index("push_devices_user_idx").on(t.userId)],
);

/** Devices told about new games in a region (spec 000 section 7), in the language chosen there. */
export const regionSubscriptions = pgTable(
  "region_subscriptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id, { onDelete: "cascade" }),
    deviceToken: text("device_token").notNull(),
    messagingLanguage: text("messaging_language", { enum: ["de", "en"] }).notNull().default("de"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("region_subscriptions_unique").on(t.regionId, t.deviceToken)],
);

/**
 * The ledger of what the notification dispatcher has handled: one row per source row
 * (kind "game_event", "direct_message", "game_comment" or "court_booking_event" and that row's id). The
 * dispatcher polls for recent source rows without a ledger row, so every code path that records an event
 * notifies without having to remember to, and each source row is dispatched once even with several servers.
 * A notice without a source row claims its own key once (the weekly reminder: kind
 * "weekly_confirmation:<week start>", the session's id; domains/notifications/notify-users.ts).
 */
export const notificationDispatches = pgTable(
  "notification_dispatches",
  {
    kind: text("kind").notNull(),
    sourceId: integer("source_id").notNull(),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sourceId] })],
);

/** The VAPID key pair generated on first start when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set (one row). */
export const vapidKeys = pgTable("vapid_keys", {
  id: smallint("id").primaryKey().default(1),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A device that wants pushes about a game: joining with a device, or the bell on the game page (notifications/game-subscriptions.ts). */
export const gameSubscriptions = pgTable(
  "game_subscriptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    deviceToken: text("device_token").notNull(),
    userAgent: text("user_agent"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("game_subscriptions_unique").on(t.gameId, t.deviceToken)],
);
