import { z } from "zod";
import { COURT_FENCINGS, COURTS_DEFAULT_DISTANCE_KM, COURTS_MAX_DISTANCE_KM, TURFS } from "../constants";
import { zId, zPlainText, zSlug } from "./common";

/**
 * Courts, places and organisations (spec 001 sections 2.7, 3, 5, 7). The tRPC procedures `courts.*` and
 * `organizations.*` and the GraphQL operations of the call table use these schemas.
 */

export const ZTurfCode = z.enum(TURFS, { error: "turf_invalid" });
export const ZFencing = z.enum(COURT_FENCINGS, { error: "fencing_invalid" });

/** Rounded to 7 decimals (about a centimetre): PostgreSQL's float arithmetic refuses denormals such as 5e-323. */
const rounded = (v: number) => Math.round(v * 1e7) / 1e7;

/** spec 001 section 5: required, numeric, latitude -90 to 90, longitude -180 to 180 */
export const zLatitude = z
  .number({ error: "latitude_invalid" })
  .min(-90, { error: "latitude_invalid" })
  .max(90, { error: "latitude_invalid" })
  .transform(rounded);
export const zLongitude = z
  .number({ error: "longitude_invalid" })
  .min(-180, { error: "longitude_invalid" })
  .max(180, { error: "longitude_invalid" })
  .transform(rounded);

export const zCourtName = zPlainText(100, "court_name_too_long", { singleLine: true }).min(2, { error: "court_name_too_short" });
const zSearchText = zPlainText(100, "invalid", { singleLine: true });

// ---------------------------------------------------------------------------------------------
// outputs

/** A court on the map and in lists. */
export const ZCourtListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  turf: ZTurfCode.nullable(),
  indoor: z.boolean(),
  public: z.boolean(),
  rentable: z.boolean(),
  floodLight: z.boolean().nullable(),
  /** km from the search centre; null when the list was not searched around a point */
  distanceKm: z.number().nullable(),
});
export type TCourtListItem = z.infer<typeof ZCourtListItem>;
export const ZCourtList = z.array(ZCourtListItem);

export const ZCourtDiscount = z.object({
  name: z.string(),
  /** percent off, 1-100 */
  relativeAmount: z.number().int(),
  validUntil: z.date().nullable(),
  minPriceToApplyCents: z.number().int(),
});
export const ZCourtAvailability = z.object({
  /** 0 = Monday ... 6 = Sunday */
  weekday: z.number().int().min(0).max(6),
  /** "HH:MM", Berlin wall time */
  startTime: z.string(),
  endTime: z.string(),
  pricePerHourCents: z.number().int(),
});
export const ZSubCourt = z.object({ id: z.number().int(), name: z.string() });

/** The court page (spec 001 section 3: Court with all its fields). */
export const ZCourtDetail = ZCourtListItem.extend({
  alternativeNames: z.array(z.string()),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postcode: z.string().nullable(),
  town: z.string().nullable(),
  state: z.string().nullable(),
  goals: z.number().int().nullable(),
  fencing: ZFencing.nullable(),
  minPlayers: z.number().int().nullable(),
  maxPlayers: z.number().int().nullable(),
  owner: z.object({ id: z.number().int(), firstName: z.string() }).nullable(),
  region: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  discount: ZCourtDiscount.nullable(),
  availabilities: z.array(ZCourtAvailability),
  subCourts: z.array(ZSubCourt),
  /** the owner's linked calendar; only the owner and admins see it, null for everybody else */
  calendarName: z.string().nullable(),
  calendarIdGoogle: z.string().nullable(),
  viewer: z.object({
    /** admins and the staff groups Leiter and Mitarbeiter: the 'Verwalten' section, court image upload (spec 001 section 6) */
    canManage: z.boolean(),
    isOwner: z.boolean(),
  }),
});
export type TCourtDetail = z.infer<typeof ZCourtDetail>;

/** courts.ofRegion: the region's centre and perimeter (km) for the map, and its courts nearest the centre first. */
export const ZRegionCourts = z.object({
  region: z.object({
    slug: z.string(),
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** km around the centre that belong to the region */
    perimeter: z.number(),
    mapZoomLevel: z.number().int(),
  }),
  courts: ZCourtList,
});
export type TRegionCourts = z.infer<typeof ZRegionCourts>;

/** A place the geocoder knows (an address, or an OpenStreetMap object found by searchOsmPlaces). */
export const ZPlace = z.object({
  /** "node/123", "way/456" or "relation/789" for OpenStreetMap objects; null for a plain address or coordinates */
  osmId: z.string().nullable(),
  /** the place's own name (a park, a sports ground), null for plain addresses */
  name: z.string().nullable(),
  /** one line for display, "Tempelhofer Damm 1, 12101 Berlin" */
  address: z.string(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postcode: z.string().nullable(),
  town: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TPlace = z.infer<typeof ZPlace>;

/** Step one of creating a court: the place saved for the viewer, and the courts already near it ("is it one of these?"). */
export const ZSavedLocation = z.object({ place: ZPlace, courts: ZCourtList });
export type TSavedLocation = z.infer<typeof ZSavedLocation>;

export const ZOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  gameApplicationFeePercentage: z.number(),
  /** admins and members of the organisation may upload the logo (spec 001 section 6) */
  viewer: z.object({ canUploadLogo: z.boolean() }),
});
export type TOrganization = z.infer<typeof ZOrganization>;

// ---------------------------------------------------------------------------------------------
// inputs

/** courts (spec 001 section 7: longitude, latitude, distance): nearest first. */
export const ZCourtsNearInput = z.object({
  latitude: zLatitude,
  longitude: zLongitude,
  /** km */
  distance: z
    .number({ error: "distance_invalid" })
    .positive({ error: "distance_invalid" })
    .max(COURTS_MAX_DISTANCE_KM, { error: "distance_invalid" })
    .transform((v) => Math.max(rounded(v), 0.001))
    .default(COURTS_DEFAULT_DISTANCE_KM),
});
/** The courts of a region (its centre and perimeter), for /courts/{regionSlug} and the court choice screen. */
export const ZCourtsOfRegionInput = z.object({ regionSlug: zSlug });
/** searchCourtsByLocation (longitude, latitude; a name in one use). */
export const ZCourtsByLocationInput = z.object({ latitude: zLatitude, longitude: zLongitude, name: zSearchText.optional() });
/** searchCourtsByName (name); regionSlug narrows it for the court picker. */
export const ZCourtsByNameInput = z.object({ name: zSearchText.min(1, { error: "required" }), regionSlug: zSlug.optional() });
export const ZCourtIdInput = z.object({ id: zId });
/** searchOsmPlaces (query) */
export const ZPlaceSearchInput = z.object({ query: zSearchText.min(2, { error: "query_too_short" }) });
/** checkAndSaveGeocoords (longitude, latitude) */
export const ZCheckGeocoordsInput = z.object({ latitude: zLatitude, longitude: zLongitude });
/** checkAndSaveAddress: one line ("Straße 1, 12345 Stadt") or its parts */
export const ZCheckAddressInput = z
  .object({
    address: zPlainText(200, "invalid", { singleLine: true }).optional(),
    street: zPlainText(100, "invalid", { singleLine: true }).optional(),
    houseNumber: zPlainText(20, "invalid", { singleLine: true }).optional(),
    postcode: zPlainText(10, "invalid", { singleLine: true }).optional(),
    town: zPlainText(100, "invalid", { singleLine: true }).optional(),
  })
  .refine((v) => Boolean(v.address || v.street || v.town || v.postcode), { error: "address_required", path: ["address"] });
/** saveOsmPlace: a place from searchOsmPlaces */
export const ZSaveOsmPlaceInput = z.object({ osmId: z.string({ error: "invalid" }).max(40, { error: "invalid" }).regex(/^(node|way|relation)\/[1-9][0-9]{0,15}$/, { error: "invalid" }) });

/** createCourt (name, alternativeNames, public, turf, indoor); the details of step two may come along. */
export const ZCreateCourtInput = z.object({
  name: zCourtName,
  alternativeNames: z.array(zPlainText(100, "invalid", { singleLine: true })).max(10, { error: "invalid" }).default([]),
  public: z.boolean({ error: "court_public_required" }),
  turf: ZTurfCode.default("TT"),
  indoor: z.boolean({ error: "court_indoor_required" }),
  floodLight: z.boolean().nullish(),
  goals: z.number({ error: "invalid" }).int({ error: "invalid" }).min(0, { error: "invalid" }).max(20, { error: "invalid" }).nullish(),
  fencing: ZFencing.nullish(),
  minPlayers: z.number({ error: "invalid" }).int({ error: "invalid" }).min(2, { error: "invalid" }).max(50, { error: "invalid" }).nullish(),
  maxPlayers: z.number({ error: "invalid" }).int({ error: "invalid" }).min(2, { error: "invalid" }).max(50, { error: "invalid" }).nullish(),
});
export type TCreateCourtInput = z.input<typeof ZCreateCourtInput>;
export const ZCreatedCourt = z.object({ id: z.number().int() });

export const ZOrganizationIdInput = z.object({ id: zId });
