import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { games } from "./games";
import { regions } from "./regions";
import { users } from "./users";

/** Comments in a game's chat; guests write with a name; system messages announce joins and cancellations. */
export const gameComments = pgTable(
  "game_comments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** guests' name (and the name system messages are about) */
    name: text("name"),
    /** the guest's device: the 10-second limit applies per device for guests */
    deviceToken: text("device_token"),
    text: text("text").notNull(),
    isSystemMessage: boolean("is_system_message").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("game_comments_game_idx").on(t.gameId, t.createdAt),
    // the 10-second limit reads the author's latest line (chat/repo.ts latestCommentSince): without these, every chat
    // line scanned every game's comments (the soak, scripts/lb/README.md)
    index("game_comments_user_created_idx").on(t.userId, t.createdAt).where(sql`${t.userId} is not null`),
    index("game_comments_device_created_idx").on(t.deviceToken, t.createdAt).where(sql`${t.deviceToken} is not null`),
  ],
);

export const directMessages = pgTable(
  "direct_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: integer("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    isSystemMessage: boolean("is_system_message").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("direct_messages_pair_idx").on(t.senderId, t.receiverId, t.createdAt),
    index("direct_messages_unread_idx").on(t.receiverId).where(sql`${t.readAt} is null`),
  ],
);

/** News from the product (the chat's News tab), in both languages. */
export const marketingMessages = pgTable("marketing_messages", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  textDe: text("text_de").notNull(),
  textEn: text("text_en").notNull(),
  /** the staff member who sent it from the console (issue 26); null for seeded news */
  createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The regions a news message was sent to (issue 26): pushed to those regions' subscribers, shown in the
 * News tab of users of those regions. A message without rows here is for everyone.
 */
export const marketingMessageRegions = pgTable(
  "marketing_message_regions",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => marketingMessages.id, { onDelete: "cascade" }),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.regionId] }), index("marketing_message_regions_region_idx").on(t.regionId)],
);
