import { boolean, doublePrecision, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

export const regions = pgTable("regions", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** region head: a user id; no FK to keep users and regions free of a cycle at creation */
  headId: integer("head_id"),
  imgUrl: text("img_url"),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  /** radius in kilometres around the centre that belongs to the region */
  perimeter: doublePrecision("perimeter").notNull().default(25),
  featured: boolean("featured").notNull().default(false),
  mapZoomLevel: smallint("map_zoom_level").notNull().default(11),
  whatsappGroupUrl: text("whatsapp_group_url"),
  telegramGroupUrl: text("telegram_group_url"),
  whatsappChannelUrl: text("whatsapp_channel_url"),
  telegramChannelUrl: text("telegram_channel_url"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
