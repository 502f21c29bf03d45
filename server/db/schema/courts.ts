import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { TURFS } from "@shared/constants";
import { regions } from "./regions";

/** Minimal courts for games; the full court area (owners, bookings, calendars) comes later. */
export const courts = pgTable(
  "courts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    address: text("address"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    regionId: integer("region_id").references(() => regions.id, { onDelete: "set null" }),
    imageUrl: text("image_url"),
    turf: text("turf", { enum: TURFS }),
    indoor: boolean("indoor").notNull().default(false),
    public: boolean("public").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("courts_region_idx").on(t.regionId)],
);
