import { z } from "zod";
import { zId, zPlainText } from "./common";

/**
 * The Google Calendar link of court owners (spec 001 sections 2.5, 3, 4, 7): the tRPC procedures
 * `calendar.*` and the GraphQL operations connectGoogle, listCalendars, setCalendarForCourt,
 * deleteCalendarFromCourt, importGoogleBookings use these schemas.
 */

/** Calendar (spec 001 section 3): a calendar of the owner's Google account. */
export const ZCalendar = z.object({ id: z.string(), summary: z.string() });
export type TCalendar = z.infer<typeof ZCalendar>;

/** connectGoogle: Google's consent page; the browser is sent there. */
export const ZConnectGoogle = z.object({ url: z.string() });

/** A court's calendar link: no calendar (both null), or saved (calendar name and id). */
export const ZCourtCalendarLink = z.object({
  id: z.number().int(),
  name: z.string(),
  calendarName: z.string().nullable(),
  calendarIdGoogle: z.string().nullable(),
});
export type TCourtCalendarLink = z.infer<typeof ZCourtCalendarLink>;

/** What an import did: new events, moved or renamed ones, removed ones, and events that met an existing booking. */
export const ZImportResult = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  /** imported events that could not occupy every sub-court (something else was there first) */
  conflicts: z.number().int(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** googleCredentials of the account (spec 001 section 3): null when no Google account is linked. */
export const ZGoogleCredentials = z.object({
  /** Google refused the stored link (revoked access): the owner must connect again */
  broken: z.boolean(),
  lastImportAt: z.date().nullable(),
  /** an error code of shared/errors.ts (GOOGLE_AUTH_FAILED, GOOGLE_UNAVAILABLE, GOOGLE_CALENDAR_NOT_FOUND) */
  lastImportError: z.string().nullable(),
});
export type TGoogleCredentials = z.infer<typeof ZGoogleCredentials>;

/** The profile's calendar integration section. */
export const ZCalendarStatus = z.object({
  /** false when this server has no Google client (production without GOOGLE_CLIENT_ID) */
  available: z.boolean(),
  googleCredentials: ZGoogleCredentials.nullable(),
  courts: z.array(ZCourtCalendarLink.extend({ importedEvents: z.number().int(), conflicts: z.number().int() })),
});
export type TCalendarStatus = z.infer<typeof ZCalendarStatus>;

/**
 * The profile's personal Google card (issue 29, server/domains/calendar README "Personal link"): whether joining a
 * game compares the busy times of the user's Google calendar.
 */
export const ZPersonalGoogle = z.object({
  /** false when this server has no Google client (production without GOOGLE_CLIENT_ID) */
  available: z.boolean(),
  /** the user connected Google for the overlap check (and has not ended it) */
  overlapCheck: z.boolean(),
  /** Google refused the stored link (access revoked): connect again */
  broken: z.boolean(),
  /** the same Google link serves the user's courts: ending the overlap check keeps it */
  keepsCourtLink: z.boolean(),
});
export type TPersonalGoogle = z.infer<typeof ZPersonalGoogle>;

/** setCalendarForCourt (courtId, calendarIdGoogle, calendarName) */
export const ZSetCalendarForCourtInput = z.object({
  courtId: zId,
  calendarIdGoogle: zPlainText(1024, "calendar_id_invalid", { singleLine: true }).min(1, { error: "calendar_id_invalid" }),
  calendarName: zPlainText(255, "calendar_name_too_long", { singleLine: true }).min(1, { error: "required" }),
});
export type TSetCalendarForCourtInput = z.infer<typeof ZSetCalendarForCourtInput>;

/** deleteCalendarFromCourt (courtId) */
export const ZCalendarCourtInput = z.object({ courtId: zId });

/** Where the OAuth callback sends the browser back: /profile?google=connected, or ?google=<error code>. */
export const GOOGLE_RETURN_PARAM = "google";
/** The same for the personal card's flow (issue 29): /profile?googleOverlaps=connected or =<error code>. */
export const GOOGLE_OVERLAPS_RETURN_PARAM = "googleOverlaps";
