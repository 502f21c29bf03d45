import type { z } from "zod";
import { COURTS_MAX_DISTANCE_KM, COURTS_DEFAULT_DISTANCE_KM } from "@shared/constants";
import { canManageCourt, canSeeCourtCalendar } from "@shared/rules/court-permissions";
import type {
  TCourtDetail,
  TCourtListItem,
  TRegionCourts,
  ZCourtsByLocationInput,
  ZCourtsByNameInput,
  ZCourtsNearInput,
  ZCourtsOfRegionInput,
} from "@shared/schemas/courts";
import type { TCourtRef, ZCourtSearchInput } from "@shared/schemas/games";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireViewer } from "../auth/viewer";
import { regionBySlug } from "../regions/service";
import { actorOrNull } from "../users/service";
import * as repo from "./repo";

const SEARCH_LIMIT = 50;
/** Markers on one map: more than this is unreadable at zoom 11 anyway. */
const NEAR_LIMIT = 200;
const MINE_LIMIT = 100;

export function searchCourts(ctx: Ctx, input: z.output<typeof ZCourtSearchInput>): Promise<TCourtRef[]> {
  return repo.searchCourts(ctx.deps.db, { ...input, limit: SEARCH_LIMIT });
}

/** courts (spec 001 section 7): within `distance` km, nearest first. */
export function courtsNear(ctx: Ctx, input: z.output<typeof ZCourtsNearInput>): Promise<TCourtListItem[]> {
  return repo.findCourtsNear(ctx.deps.db, { latitude: input.latitude, longitude: input.longitude, distanceKm: input.distance, limit: NEAR_LIMIT });
}

/** The region's courts: around its centre within its perimeter (capped at the largest search radius). */
export async function courtsOfRegion(ctx: Ctx, input: z.output<typeof ZCourtsOfRegionInput>): Promise<TRegionCourts> {
  const region = await regionBySlug(ctx, input.regionSlug);
  const distanceKm = Math.min(Math.max(region.perimeter, 1), COURTS_MAX_DISTANCE_KM);
  const courts = await repo.findCourtsNear(ctx.deps.db, { latitude: region.latitude, longitude: region.longitude, distanceKm, limit: NEAR_LIMIT });
  const { slug, name, latitude, longitude, perimeter, mapZoomLevel } = region;
  return { region: { slug, name, latitude, longitude, perimeter, mapZoomLevel }, courts };
}

/** searchCourtsByLocation: courts around a point (the default radius), optionally matching a name. */
export function courtsByLocation(ctx: Ctx, input: z.output<typeof ZCourtsByLocationInput>): Promise<TCourtListItem[]> {
  return repo.findCourtsNear(ctx.deps.db, {
    latitude: input.latitude,
    longitude: input.longitude,
    distanceKm: COURTS_DEFAULT_DISTANCE_KM,
    limit: SEARCH_LIMIT,
    name: input.name || undefined,
  });
}

/** searchCourtsByName: name or an alternative name contains the text; optionally in one region. */
export function courtsByName(ctx: Ctx, input: z.output<typeof ZCourtsByNameInput>): Promise<TCourtListItem[]> {
  return repo.findCourtsByName(ctx.deps.db, { name: input.name, regionSlug: input.regionSlug, limit: SEARCH_LIMIT });
}

/** myCourts: the courts the viewer owns (court owners; empty for everybody else). */
export function myCourts(ctx: Ctx): Promise<TCourtListItem[]> {
  return repo.findCourtsOwnedBy(ctx.deps.db, requireViewer(ctx).userId, MINE_LIMIT);
}

/** The court page; the calendar link only for the owner and admins. */
export async function courtById(ctx: Ctx, id: number): Promise<TCourtDetail> {
  const [found, actor] = await Promise.all([repo.findCourtDetail(ctx.deps.db, id), actorOrNull(ctx)]);
  if (!found) throw new AppError("COURT_NOT_FOUND");
  const c = found.court;
  const seesCalendar = canSeeCourtCalendar(actor, c);
  return {
    id: c.id,
    name: c.name,
    alternativeNames: c.alternativeNames,
    address: c.address,
    street: c.street,
    houseNumber: c.houseNumber,
    postcode: c.postcode,
    town: c.town,
    state: c.state,
    latitude: c.latitude,
    longitude: c.longitude,
    imageUrl: c.imageUrl,
    turf: c.turf,
    indoor: c.indoor,
    public: c.public,
    rentable: c.rentable,
    floodLight: c.floodLight,
    goals: c.goals,
    fencing: c.fencing,
    minPlayers: c.minPlayers,
    maxPlayers: c.maxPlayers,
    distanceKm: null,
    owner: found.owner,
    region: found.region,
    discount: found.discount
      ? {
          name: found.discount.name,
          relativeAmount: found.discount.relativeAmount,
          validUntil: found.discount.validUntil,
          minPriceToApplyCents: found.discount.minPriceToApplyCents,
        }
      : null,
    availabilities: found.availabilities.map((a) => ({
      weekday: a.weekday,
      startTime: a.startTime.slice(0, 5),
      endTime: a.endTime.slice(0, 5),
      pricePerHourCents: a.pricePerHourCents,
    })),
    subCourts: found.subCourts,
    calendarName: seesCalendar ? c.calendarName : null,
    calendarIdGoogle: seesCalendar ? c.calendarIdGoogle : null,
    viewer: { canManage: canManageCourt(actor), isOwner: actor !== null && c.ownerId === actor.id },
  };
}

/** For other domains: a court's name (payment descriptions); null for no court or an unknown one. */
export async function courtNameOf(db: DbOrTx, id: number | null): Promise<string | null> {
  return id === null ? null : ((await repo.findCourt(db, id))?.name ?? null);
}

/** For other domains: a court or COURT_NOT_FOUND. */
export async function requireCourt(ctx: Ctx, id: number): Promise<TCourtRef> {
  const court = await repo.findCourt(ctx.deps.db, id);
  if (!court) throw new AppError("COURT_NOT_FOUND", { fields: [{ path: "courtId", code: "court_not_found" }] });
  return court;
}

/**
 * For other domains (bookings accepting a request, the Google import): the court's sub-courts; a court without any
 * gets one named after it, so every occupancy has a sub-court. The caller holds the court's lock (bookings'
 * `lockCourt`), so two transactions never both create one. Queries never call this (courts/README.md).
 */
export async function ensureSubCourt(tx: Tx, court: { id: number; name: string }, now: Date): Promise<{ id: number; name: string }[]> {
  const existing = await repo.subCourtsOf(tx, court.id);
  if (existing.length > 0) return existing;
  return [await repo.insertSubCourt(tx, { courtId: court.id, name: court.name, createdAt: now })];
}

/** For the calendar domain: links the court to one of its owner's Google calendars, or unlinks it (nulls). */
export async function setCourtCalendarLink(tx: Tx, courtId: number, link: { calendarName: string | null; calendarIdGoogle: string | null }, now: Date): Promise<void> {
  await repo.setCalendarLink(tx, courtId, link, now);
}
