import type { RELIABILITY_FEEDBACK } from "../constants";
import { haversineKm, type LatLng } from "./geo";

/**
 * Check-in at the pitch (issue 29; server/domains/participation/README.md "Check-in at the pitch"). Pure
 * rules both sides need: the windows, the radius, and what a check-in pre-fills on the rating screen.
 * Every window is half-open, to the millisecond, like the game's other windows (game-windows.ts).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Players check themselves in from this long before the start until the game's end. */
export const CHECK_IN_OPENS_BEFORE_START_MINUTES = 30;
/** Within this distance of the court a player is "at the pitch" ... */
export const CHECK_IN_RADIUS_METERS = 150;
/** ... plus the position's reported accuracy (a 95 % circle), counted up to this much. */
export const CHECK_IN_ACCURACY_ALLOWANCE_MAX_METERS = 100;
/** The organiser's list stays open after the end as long as the rating (7 days after the end, as ratingWindow). */
export const CHECK_IN_ORGANISER_DAYS_AFTER_END = 7;

export type CheckInWindow = "notYet" | "open" | "closed";
type Times = { start: Date; end: Date; now: Date };

/** The player's own check-in: [start - 30 min, end). */
export function playerCheckInWindow({ start, end, now }: Times): CheckInWindow {
  const t = now.getTime();
  if (t < start.getTime() - CHECK_IN_OPENS_BEFORE_START_MINUTES * MINUTE_MS) return "notYet";
  if (t >= end.getTime()) return "closed";
  return "open";
}

/** The organiser's one-tap list: [start - 30 min, end + 7 days), when the rating closes. */
export function organiserCheckInWindow({ start, end, now }: Times): CheckInWindow {
  const t = now.getTime();
  if (t < start.getTime() - CHECK_IN_OPENS_BEFORE_START_MINUTES * MINUTE_MS) return "notYet";
  if (t >= end.getTime() + CHECK_IN_ORGANISER_DAYS_AFTER_END * DAY_MS) return "closed";
  return "open";
}

/** How far from the court a position may be: 150 m plus its accuracy, the accuracy counted up to 100 m. */
export function allowedCheckInDistanceMeters(accuracyMeters: number | null | undefined): number {
  const accuracy = accuracyMeters == null || !Number.isFinite(accuracyMeters) ? 0 : Math.max(0, accuracyMeters);
  return CHECK_IN_RADIUS_METERS + Math.min(accuracy, CHECK_IN_ACCURACY_ALLOWANCE_MAX_METERS);
}

/** Metres between a position and the court (great circle, as the distance search). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  return haversineKm(a, b) * 1000;
}

/** The exact distance decides; the answer names it in whole metres (the refusal says "about 2.3 km"). */
export type CheckInDistance = { distanceMeters: number; allowedMeters: number; near: boolean };

export function checkInDistance(position: LatLng & { accuracy?: number | null }, court: LatLng): CheckInDistance {
  const d = distanceMeters(position, court);
  const allowed = allowedCheckInDistanceMeters(position.accuracy);
  return { distanceMeters: Math.round(d), allowedMeters: Math.round(allowed), near: d <= allowed };
}

/** Late = checked in after the start (at the start exactly is on time). */
export function checkedInLate(checkedInAt: Date, start: Date): boolean {
  return checkedInAt.getTime() > start.getTime();
}

/**
 * What a check-in pre-fills on the rating screen: at or before the start CAME, after it CAME_LATE. A check-in
 * the organiser records after the game's end says the player was there, not when they came: CAME. No check-in
 * pre-fills nothing (the screen keeps its default). An explicit rating always wins over this.
 */
export function checkInFeedback(
  checkIn: { checkedInAt: Date; method: "location" | "organizer" } | null,
  game: { start: Date; end: Date },
): (typeof RELIABILITY_FEEDBACK)[number] | null {
  if (!checkIn) return null;
  if (checkIn.method === "organizer" && checkIn.checkedInAt.getTime() >= game.end.getTime()) return "CAME";
  return checkedInLate(checkIn.checkedInAt, game.start) ? "CAME_LATE" : "CAME";
}
