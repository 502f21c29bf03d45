import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, smallint, text, time, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { COURT_FENCINGS, TURFS } from "@shared/constants";
import { regions } from "./regions";
import { users } from "./users";

/**
 * Courts (spec 001 section 3). Distance search needs no PostGIS (PGlite has none): a bounding box on
 * the indexed latitude and longitude narrows the rows, then the exact great-circle distance is computed
 * for those (server/domains/courts/README.md "Distance search").
 */
export const courts = pgTable(
  "courts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** other names people use for the place; searched by name like the name */
    alternativeNames: text("alternative_names").array().notNull().default(sql`'{}'::text[]`),
    /** one line for display, "Street 1, 12345 Town" */
    address: text("address"),
    street: text("street"),
    houseNumber: text("house_number"),
    postcode: text("postcode"),
    town: text("town"),
    state: text("state"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    regionId: integer("region_id").references(() => regions.id, { onDelete: "set null" }),
    imageUrl: text("image_url"),
    turf: text("turf", { enum: TURFS }),
    indoor: boolean("indoor").notNull().default(false),
    public: boolean("public").notNull().default(true),
    /** can be rented through the app (court bookings); then it has an owner */
    rentable: boolean("rentable").notNull().default(false),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    /** null: not known */
    floodLight: boolean("flood_light"),
    goals: smallint("goals"),
    fencing: text("fencing", { enum: COURT_FENCINGS }),
    /** players on the court in total (the card shows half of each: per side) */
    minPlayers: smallint("min_players"),
    maxPlayers: smallint("max_players"),
    /** OpenStreetMap object the court was made from (saveOsmPlace), e.g. "way/123456" */
    osmId: text("osm_id"),
    /** the owner's Google calendar the bookings are imported from (court bookings) */
    calendarName: text("calendar_name"),
    calendarIdGoogle: text("calendar_id_google"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("courts_region_idx").on(t.regionId),
    index("courts_latitude_idx").on(t.latitude),
    index("courts_longitude_idx").on(t.longitude),
    index("courts_owner_idx").on(t.ownerId),
    uniqueIndex("courts_osm_id_idx").on(t.osmId),
    check("courts_latitude_range", sql`${t.latitude} between -90 and 90`),
    check("courts_longitude_range", sql`${t.longitude} between -180 and 180`),
  ],
);

/** Sub-courts of a rentable court (pitch 1, pitch 2 ...): bookings are made on one of them. */
export const subCourts = pgTable(
  "sub_courts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sub_courts_court_idx").on(t.courtId)],
);

/** When a rentable court can be booked, with its hourly price (weekday 0 = Monday ... 6 = Sunday, Berlin wall time). */
export const courtAvailabilities = pgTable(
  "court_availabilities",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    pricePerHourCents: integer("price_per_hour_cents").notNull(),
  },
  (t) => [
    index("court_availabilities_court_idx").on(t.courtId),
    check("court_availabilities_weekday", sql`${t.weekday} between 0 and 6`),
    check("court_availabilities_times", sql`${t.startTime} < ${t.endTime}`),
    check("court_availabilities_price", sql`${t.pricePerHourCents} >= 0`),
  ],
);

/** A court's discount on bookings: relativeAmount percent off, from minPriceToApply on, until validUntil. */
export const courtDiscounts = pgTable(
  "court_discounts",
  {
    courtId: integer("court_id")
      .primaryKey()
      .references(() => courts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** percent, 1-100 */
    relativeAmount: smallint("relative_amount").notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    minPriceToApplyCents: integer("min_price_to_apply_cents").notNull().default(0),
  },
  (t) => [check("court_discounts_amount", sql`${t.relativeAmount} between 1 and 100`)],
);

/**
 * Step one of creating a court saves the place (checkAndSaveGeocoords, checkAndSaveAddress, saveOsmPlace);
 * createCourt, whose documented payload has no location, takes it from here. One per user.
 */
export const courtLocationDrafts = pgTable("court_location_drafts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  address: text("address"),
  street: text("street"),
  houseNumber: text("house_number"),
  postcode: text("postcode"),
  town: text("town"),
  state: text("state"),
  osmId: text("osm_id"),
  name: text("name"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Answers of the geocoder, shared by every server process (Nominatim asks clients to cache). */
export const geocodeCache = pgTable(
  "geocode_cache",
  {
    key: text("key").primaryKey(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("geocode_cache_created_idx").on(t.createdAt)],
);
