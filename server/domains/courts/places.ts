import type { z } from "zod";
import { COURT_NEARBY_CHECK_METERS } from "@shared/constants";
import { haversineKm } from "@shared/rules/geo";
import type { TCourtListItem, TPlace, TSavedLocation, ZCheckAddressInput, ZCheckGeocoordsInput, ZCreateCourtInput, ZPlaceSearchInput, ZSaveOsmPlaceInput } from "@shared/schemas/courts";
import type { Ctx } from "../../context";
import type { GeocodeResult } from "../../integrations/geocoding/client";
import { AppError } from "../../lib/errors";
import { listRegions } from "../regions/service";
import { requireActor } from "../users/service";
import * as placesRepo from "./places-repo";
import * as repo from "./repo";
import { requireViewer } from "../auth/viewer";

/**
 * Geocoding and creating a court (spec 001 sections 2.7, 3 and 7): searchOsmPlaces, checkAndSaveGeocoords,
 * checkAndSaveAddress, saveOsmPlace, createCourt.
 *
 * Step one saves a place as the viewer's location draft (court_location_drafts, one per user) and shows
 * the courts already within COURT_NEARBY_CHECK_METERS; step two, createCourt, whose documented payload has
 * no location, takes the draft (server/domains/courts/README.md "Creating a court").
 */

const SEARCH_LIMIT = 10;
const NEARBY_LIMIT = 20;
/** A draft older than this is stale: the user starts over with step one. */
export const LOCATION_DRAFT_TTL_MS = 24 * 3600_000;
/** Spam guard: courts one user may create per rolling 24 hours. */
export const COURTS_PER_DAY = 10;

/** Geocoder categories that are an address, not a named place ("Mauerpark" has a name worth keeping, "Gleimstraße" does not). */
const ADDRESS_CATEGORIES = new Set(["place", "highway", "building", "boundary", "landuse", ""]);

async function requireVerified(ctx: Ctx): Promise<number> {
  const actor = await requireActor(ctx);
  // spec 001 sections 2.7 and 6: a verified e-mail to create a court
  if (!actor.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
  return actor.id;
}

/** "Gleimstraße 55, 10437 Berlin"; the geocoder's long line when the parts say nothing. */
export function addressLine(p: { street: string | null; houseNumber: string | null; postcode: string | null; town: string | null }, fallback: string): string {
  const first = [p.street, p.street ? p.houseNumber : null].filter(Boolean).join(" ");
  const second = [p.postcode, p.town].filter(Boolean).join(" ");
  return [first, second].filter(Boolean).join(", ") || fallback;
}

function toPlace(r: GeocodeResult, opts: { keepOsmId: boolean; at?: { latitude: number; longitude: number } }): TPlace {
  const named = r.name !== null && (opts.keepOsmId || !ADDRESS_CATEGORIES.has(r.category));
  return {
    osmId: opts.keepOsmId ? r.osmId : null,
    name: named ? r.name : null,
    address: addressLine(r, r.displayName),
    street: r.street,
    houseNumber: r.houseNumber,
    postcode: r.postcode,
    town: r.town,
    state: r.state,
    latitude: opts.at?.latitude ?? r.latitude,
    longitude: opts.at?.longitude ?? r.longitude,
  };
}

/** A usable place has at least a town or a street: a country or a sea area is not a court's location. */
const usable = (r: GeocodeResult | null | undefined): r is GeocodeResult => Boolean(r && (r.town || r.street));

/** Saves the place as the viewer's draft and answers it with the courts already near it. */
async function saveDraft(ctx: Ctx, userId: number, place: TPlace, extraCourtId: number | null = null): Promise<TSavedLocation> {
  await placesRepo.upsertLocationDraft(
    ctx.deps.db,
    {
      userId,
      latitude: place.latitude,
      longitude: place.longitude,
      address: place.address,
      street: place.street,
      houseNumber: place.houseNumber,
      postcode: place.postcode,
      town: place.town,
      state: place.state,
      osmId: place.osmId,
      name: place.name,
    },
    ctx.deps.clock.now(),
  );
  const courts: TCourtListItem[] = await repo.findCourtsNear(ctx.deps.db, {
    latitude: place.latitude,
    longitude: place.longitude,
    distanceKm: COURT_NEARBY_CHECK_METERS / 1000,
    limit: NEARBY_LIMIT,
  });
  if (extraCourtId !== null && !courts.some((c) => c.id === extraCourtId)) {
    const existing = await placesRepo.findCourtListItem(ctx.deps.db, extraCourtId, place);
    if (existing) courts.unshift(existing);
  }
  return { place, courts };
}

/**
 * searchOsmPlaces: places the geocoder finds for a query, best first. Signed-in users only: it is used
 * while creating a court, and every call may spend the shared geocoder quota (README.md here).
 */
export async function searchPlaces(ctx: Ctx, input: z.output<typeof ZPlaceSearchInput>): Promise<TPlace[]> {
  requireViewer(ctx);
  const results = await ctx.deps.geocoder.search(input.query, { limit: SEARCH_LIMIT });
  return results.filter(usable).map((r) => toPlace(r, { keepOsmId: true }));
}

/** checkAndSaveGeocoords: the address at the chosen point (the point itself is kept: the user placed it). */
export async function checkAndSaveGeocoords(ctx: Ctx, input: z.output<typeof ZCheckGeocoordsInput>): Promise<TSavedLocation> {
  requireViewer(ctx);
  const userId = await requireVerified(ctx);
  const result = await ctx.deps.geocoder.reverse(input.latitude, input.longitude);
  if (!usable(result)) {
    throw new AppError("GEOCODE_COORDINATES_INVALID", { fields: [{ path: "latitude", code: "places_coordinates_no_place" }] });
  }
  return saveDraft(ctx, userId, toPlace(result, { keepOsmId: false, at: input }));
}

/** checkAndSaveAddress: the first place the geocoder finds for the address. */
export async function checkAndSaveAddress(ctx: Ctx, input: z.output<typeof ZCheckAddressInput>): Promise<TSavedLocation> {
  requireViewer(ctx);
  const userId = await requireVerified(ctx);
  const query =
    input.address?.trim() ||
    [[input.street, input.houseNumber].filter(Boolean).join(" "), [input.postcode, input.town].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const result = (await ctx.deps.geocoder.search(query, { limit: 1 }))[0];
  if (!usable(result)) throw new AppError("GEOCODE_ADDRESS_INVALID", { fields: [{ path: "address", code: "places_address_no_place" }] });
  return saveDraft(ctx, userId, toPlace(result, { keepOsmId: false }));
}

/** saveOsmPlace: an OpenStreetMap object from searchOsmPlaces; when it already became a court, that court comes first in `courts`. */
export async function saveOsmPlace(ctx: Ctx, input: z.output<typeof ZSaveOsmPlaceInput>): Promise<TSavedLocation> {
  requireViewer(ctx);
  const userId = await requireVerified(ctx);
  const result = await ctx.deps.geocoder.lookup(input.osmId);
  if (!usable(result)) throw new AppError("GEOCODE_ADDRESS_INVALID", { fields: [{ path: "osmId", code: "places_place_unknown" }] });
  const existingId = await placesRepo.findCourtIdByOsmId(ctx.deps.db, input.osmId);
  return saveDraft(ctx, userId, toPlace(result, { keepOsmId: true }), existingId);
}

type RegionArea = { id: number; latitude: number; longitude: number; perimeter: number };

/** The nearest region whose perimeter (km around its centre) holds the point, else null. */
function regionAt(regions: readonly RegionArea[], point: { latitude: number; longitude: number }): number | null {
  let best: { id: number; d: number } | null = null;
  for (const r of regions) {
    const d = haversineKm(point, r);
    if (d <= r.perimeter && (!best || d < best.d)) best = { id: r.id, d };
  }
  return best?.id ?? null;
}

/**
 * createCourt: the court at the viewer's saved location with the details of step two, in one transaction
 * that also removes the draft. A draft from an OpenStreetMap object that already became a court answers
 * that court's id instead of creating a second one (the client then shows the existing court).
 */
export async function createCourt(ctx: Ctx, input: z.output<typeof ZCreateCourtInput>): Promise<{ id: number }> {
  requireViewer(ctx);
  const userId = await requireVerified(ctx);
  if (input.minPlayers != null && input.maxPlayers != null && input.minPlayers > input.maxPlayers) {
    throw new AppError("VALIDATION", { fields: [{ path: "minPlayers", code: "places_min_players_above_max" }] });
  }
  const now = ctx.deps.clock.now();
  // read before the transaction: a query on another connection inside it could starve the pool
  const regions = await listRegions(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    // The lock on the draft makes one user's concurrent createCourt calls take turns: the second finds
    // no draft, so a double submit creates one court and the daily count below cannot be raced.
    const draft = await placesRepo.lockLocationDraft(tx, userId);
    if (!draft || now.getTime() - draft.createdAt.getTime() > LOCATION_DRAFT_TTL_MS) throw new AppError("COURT_LOCATION_MISSING");
    if (draft.osmId) {
      const existing = await placesRepo.findCourtIdByOsmId(tx, draft.osmId);
      if (existing !== null) {
        await placesRepo.deleteLocationDraft(tx, userId);
        return { id: existing };
      }
    }
    if ((await placesRepo.countCourtsCreatedSince(tx, userId, new Date(now.getTime() - 24 * 3600_000))) >= COURTS_PER_DAY) {
      throw new AppError("COURTS_PER_DAY_LIMIT");
    }
    const id = await placesRepo.insertCourt(tx, {
      name: input.name,
      alternativeNames: [...new Set(input.alternativeNames.map((n) => n.trim()).filter((n) => n && n !== input.name))],
      address: draft.address ?? addressLine(draft, `${draft.latitude.toFixed(5)}, ${draft.longitude.toFixed(5)}`),
      street: draft.street,
      houseNumber: draft.houseNumber,
      postcode: draft.postcode,
      town: draft.town,
      state: draft.state,
      latitude: draft.latitude,
      longitude: draft.longitude,
      regionId: regionAt(regions, draft),
      turf: input.turf,
      indoor: input.indoor,
      public: input.public,
      floodLight: input.floodLight ?? null,
      goals: input.goals ?? null,
      fencing: input.fencing ?? null,
      minPlayers: input.minPlayers ?? null,
      maxPlayers: input.maxPlayers ?? null,
      osmId: draft.osmId,
      createdById: userId,
      createdAt: now,
      updatedAt: now,
    });
    await placesRepo.deleteLocationDraft(tx, userId);
    if (id !== null) return { id };
    // another user's createCourt for the same OpenStreetMap object won the race: answer that court
    const winner = draft.osmId ? await placesRepo.findCourtIdByOsmId(tx, draft.osmId) : null;
    if (winner === null) throw new AppError("COURT_LOCATION_MISSING");
    return { id: winner };
  });
}
