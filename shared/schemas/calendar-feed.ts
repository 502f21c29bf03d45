import { z } from "zod";
import { zId } from "./common";

/**
 * The personal calendar subscription (issue 29, server/domains/calendar-feed/README.md): the tRPC procedures
 * `calendarFeed.*` and the GraphQL operations myCalendarFeed, createCalendarFeed, revokeCalendarFeed,
 * calendarOverlaps use these schemas.
 */

/** The feed's secret: 32 random bytes in base64url without padding, always 43 characters. */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The signed-in user's subscription link; `calendarFeed.get` answers null while they have none. */
export const ZCalendarFeed = z.object({
  /** https://…/api/calendar/<token>.ics: the address a calendar app subscribes to */
  url: z.string(),
  /** the same as webcal://…, which phones open in their calendar app */
  webcalUrl: z.string(),
  /** Google Calendar's "add by URL" page for this feed */
  googleCalendarUrl: z.string(),
  createdAt: z.date(),
  /** when a calendar app last fetched the feed; null before the first fetch */
  lastFetchedAt: z.date().nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

/** calendarFeed.overlaps: the game whose join step is open. */
export const ZCalendarOverlapsInput = z.object({ gameId: zId });

/** Something of the viewer's at the same time as the game they are about to join. */
export const ZCalendarOverlap = z.object({
  /** google: a busy time of the viewer's own Google calendar (when they connected it for this check; no title) */
  kind: z.enum(["game", "booking", "google"]),
  /** the game's or booking's id; for google the busy time's place in the answer (1, 2, ...) */
  id: z.number().int(),
  /** a game's title ("Kickrunde · <court>" without one); a booking's court name (the client says "Platzbuchung"); empty for google */
  title: z.string(),
  startTime: z.date(),
  endTime: z.date(),
  /** what the viewer is to it: organises, plays, waits (games); rents (bookings); busy (google) */
  role: z.enum(["ORGANISER", "PLAYER", "WAITING", "RENTER", "BUSY"]),
  /**
   * joining is refused for this one (ALREADY_IN_GAME_AT_TIME: a game the viewer plays or waits for, participation's
   * join rule); a booking or a game they only organise does not stop them
   */
  blocksJoin: z.boolean(),
});
export type TCalendarOverlap = z.infer<typeof ZCalendarOverlap>;
