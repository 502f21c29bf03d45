import { integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const organizations = pgTable("organizations", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  imageUrl: text("image_url"),
  /** percent of the participation price kept as dynamic fee (spec 000 section 9: default 6) */
  gameApplicationFeePercentage: numeric("game_application_fee_percentage", { precision: 5, scale: 2, mode: "number" })
    .notNull()
    .default(6),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
