import { createHash, randomBytes } from "node:crypto";
import { GOOGLE_OVERLAPS_RETURN_PARAM, GOOGLE_RETURN_PARAM, type TPersonalGoogle, type TCalendar, type TCalendarStatus, type TCourtCalendarLink, type TGoogleCredentials, type TImportResult, type TSetCalendarForCourtInput } from "@shared/schemas/calendar";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { GoogleError } from "../../integrations/google/client";
import { AppError } from "../../lib/errors";
import { requireViewer } from "../auth/viewer";
import * as occupancy from "../bookings/occupancy";
import { setCourtCalendarLink } from "../courts/service";
import { asAppError, BROKEN, google, withAccessToken } from "./google-access";
import { importForOwner } from "./import";
import * as repo from "./repo";

/**
 * Court owners' Google calendars (spec 001 sections 2.5, 4, 7, 9): the OAuth link (connectGoogle and
 * its callback), choosing a calendar per court, and the import that turns the calendar's events into
 * occupied time on every sub-court of the court (the same exclusion constraint as every booking, so an
 * import can never double-book; where something else was first the event records the conflict instead).
 *
 * Google's failures map to error codes here only: unreachable → GOOGLE_UNAVAILABLE (503), a revoked
 * link → GOOGLE_AUTH_FAILED (kept on the link as its last error, so the profile says "connect again"),
 * a calendar gone → GOOGLE_CALENDAR_NOT_FOUND (google-access.ts). The import itself is import.ts.
 */

const STATE_TTL_MS = 10 * 60_000;

/** Court owners and admins link calendars (spec 001 section 6). */
async function requireCalendarUser(ctx: Ctx): Promise<{ userId: number; isAdmin: boolean }> {
  const viewer = requireViewer(ctx);
  const flags = await repo.ownerFlags(ctx.deps.db, viewer.userId);
  if (!flags) throw new AppError("UNAUTHENTICATED");
  if (!flags.isCourtOwner && !flags.isAdmin) throw new AppError("FORBIDDEN");
  return { userId: viewer.userId, isAdmin: flags.isAdmin };
}

async function requireOwnCourt(ctx: Ctx, courtId: number) {
  const user = await requireCalendarUser(ctx);
  const court = await repo.findCourt(ctx.deps.db, courtId);
  if (!court) throw new AppError("COURT_NOT_FOUND");
  if (court.ownerId !== user.userId && !user.isAdmin) throw new AppError("FORBIDDEN");
  return court;
}

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

// ------------------------------------------------------------------------------------------
// the link

/** connectGoogle: Google's consent page for this owner; the browser is sent there (state: 10 minutes, single use). */
export async function connectGoogle(ctx: Ctx): Promise<{ url: string }> {
  const user = await requireCalendarUser(ctx);
  const api = google(ctx.deps);
  const state = randomBytes(32).toString("base64url");
  const now = ctx.deps.clock.now();
  await repo.insertState(ctx.deps.db, { stateHash: hashState(state), userId: user.userId, returnPath: "/profile", expiresAt: new Date(now.getTime() + STATE_TTL_MS) }, now);
  return { url: api.consentUrl(state) };
}

/**
 * Google's redirect back (GET /api/google/oauth/callback?code&state, or ?error=access_denied&state):
 * the state must be one we issued (unexpired, unused) to the user whose session this browser carries,
 * so nobody can link their Google account to somebody else's Kickrunde account. Answers where the
 * browser goes next: /profile?google=connected, or ?google=<error code> (?googleOverlaps=… for the personal card's flow).
 */
export async function completeGoogleConnection(
  deps: Deps,
  params: { code: string | null; state: string | null; error: string | null; sessionUserId: number | null },
): Promise<string> {
  // the personal card's flow has its own parameter, so the profile shows the outcome on the card that started it
  let param = GOOGLE_RETURN_PARAM;
  const back = (returnPath: string, outcome: string) => `${returnPath}?${param}=${encodeURIComponent(outcome)}`;
  if (!deps.google) return back("/profile", "GOOGLE_UNAVAILABLE_HERE");
  if (!params.state || params.state.length > 200) return back("/profile", "GOOGLE_AUTH_FAILED");
  const now = deps.clock.now();
  const pending = await repo.consumeState(deps.db, hashState(params.state), now);
  if (pending?.overlapCheck && pending.userId === params.sessionUserId) param = GOOGLE_OVERLAPS_RETURN_PARAM;
  if (!pending || pending.userId !== params.sessionUserId) return back("/profile", "GOOGLE_AUTH_FAILED");
  if (params.error || !params.code || params.code.length > 2000) return back(pending.returnPath, "GOOGLE_AUTH_FAILED");
  try {
    const tokens = await deps.google.exchangeCode(params.code);
    const cipher = deps.google.cipher;
    await repo.saveCredentials(deps.db, {
      userId: pending.userId,
      overlapCheck: pending.overlapCheck,
      refreshTokenEnc: cipher.encrypt(tokens.refreshToken, pending.userId),
      accessTokenEnc: cipher.encrypt(tokens.accessToken, pending.userId),
      accessTokenExpiresAt: tokens.expiresAt,
      scope: tokens.scope,
      now,
    });
  } catch (error) {
    const code = error instanceof GoogleError ? asAppError(error).code : null;
    if (!code) throw error;
    deps.logger.warn("google: connecting failed", { userId: pending.userId, code, error: (error as Error).message });
    return back(pending.returnPath, code);
  }
  // Courts linked before (a link renewed after it broke) are imported right away.
  await deps.jobs.send("google-calendar-import", { userId: pending.userId }, { singletonKey: `google-import-${pending.userId}` });
  return back(pending.returnPath, "connected");
}

// ------------------------------------------------------------------------------------------
// the personal link (issue 29): the join step's overlap warning reads the user's Google busy times

/** How long the join step's overlap warning waits for Google before it answers without it. */
const BUSY_TIMEOUT_MS = 4_000;

async function personalState(deps: Deps, userId: number): Promise<TPersonalGoogle> {
  const [row, courts] = await Promise.all([repo.findCredentials(deps.db, userId), repo.linkedCourts(deps.db, userId)]);
  return {
    available: deps.google !== null,
    overlapCheck: row?.overlapCheck ?? false,
    broken: row?.overlapCheck === true && row.lastImportError === BROKEN,
    keepsCourtLink: row !== null && courts.length > 0,
  };
}

/** calendar.personal: the profile's personal Google card, for every signed-in user. */
export async function personalGoogle(ctx: Ctx): Promise<TPersonalGoogle> {
  return personalState(ctx.deps, requireViewer(ctx).userId);
}

/**
 * calendar.connectPersonal: Google's consent page for any signed-in user (read-only scope, as for courts); the link it
 * makes turns the overlap check on. A court owner's existing link is replaced by the new tokens and keeps its courts.
 */
export async function connectPersonalGoogle(ctx: Ctx): Promise<{ url: string }> {
  const viewer = requireViewer(ctx);
  const api = google(ctx.deps);
  const state = randomBytes(32).toString("base64url");
  const now = ctx.deps.clock.now();
  await repo.insertState(ctx.deps.db, { stateHash: hashState(state), userId: viewer.userId, returnPath: "/profile", overlapCheck: true, expiresAt: new Date(now.getTime() + STATE_TTL_MS) }, now);
  return { url: api.consentUrl(state) };
}

/**
 * calendar.disconnectPersonal: the overlap check ends. The stored link goes with it, unless it also serves the user's
 * courts (then it stays for their import). Ending what is not on changes nothing.
 */
export async function disconnectPersonalGoogle(ctx: Ctx): Promise<TPersonalGoogle> {
  const userId = requireViewer(ctx).userId;
  await ctx.deps.db.transaction(async (tx) => {
    const [row, courts] = await Promise.all([repo.findCredentials(tx, userId), repo.linkedCourts(tx, userId)]);
    if (!row) return;
    if (courts.length === 0) await repo.deleteCredentials(tx, userId);
    else await repo.updateCredentials(tx, userId, { overlapCheck: false, updatedAt: ctx.deps.clock.now() });
  });
  return personalState(ctx.deps, userId);
}

/**
 * The busy times of the user's primary Google calendar overlapping [from, to) (free/busy only: no titles), when they
 * turned the overlap check on; null when they did not, when Google does not answer within 4 seconds or fails (logged;
 * a revoked link is marked broken by withAccessToken, so the profile asks to connect again). Nothing is stored.
 */
export async function personalBusyTimes(deps: Deps, userId: number, window: { from: Date; to: Date }): Promise<{ start: Date; end: Date }[] | null> {
  if (!deps.google) return null;
  const row = await repo.findCredentials(deps.db, userId);
  if (!row?.overlapCheck || row.lastImportError === BROKEN) return null;
  const api = deps.google;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), BUSY_TIMEOUT_MS)));
  const asked = withAccessToken(deps, userId, (token) => api.freeBusy(token, "primary", window.from, window.to)).catch((error: unknown) => {
    const code = error instanceof AppError || error instanceof GoogleError ? asAppError(error).code : (error as Error).message;
    deps.logger.warn("google: busy times not read", { userId, code });
    return null;
  });
  try {
    const busy = await Promise.race([asked, late]);
    if (busy === "late") {
      deps.logger.warn("google: busy times not read", { userId, code: "timeout" });
      return null;
    }
    return busy;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Account deletion (Deps.accountDeletionHooks, set in domains/reactions.ts): the Google link goes with the account (its
 * tokens, consent flows in progress, and the courts' imported events through the courts the account no longer owns
 * are the courts domain's matter). The users row is anonymised, not deleted, so the foreign key's cascade alone would
 * keep the tokens.
 */
export async function endGoogleLinkOfDeletedAccount(_deps: Deps, tx: Tx, userId: number): Promise<void> {
  await repo.deleteCredentials(tx, userId);
  await repo.deleteStatesOf(tx, userId);
}

/** googleCredentials of an account (spec 001 section 3): null when no Google account is linked. */
export async function googleCredentialsOf(deps: Pick<Deps, "db">, userId: number): Promise<TGoogleCredentials | null> {
  const row = await repo.findCredentials(deps.db, userId);
  if (!row) return null;
  return { broken: row.lastImportError === BROKEN, lastImportAt: row.lastImportAt, lastImportError: row.lastImportError };
}

/** The profile's calendar integration section: the link, and the owner's courts with their calendars. */
export async function calendarStatus(ctx: Ctx): Promise<TCalendarStatus> {
  const user = await requireCalendarUser(ctx);
  const [credentials, courts] = await Promise.all([googleCredentialsOf(ctx.deps, user.userId), repo.ownedCourtLinks(ctx.deps.db, user.userId)]);
  const counts = await repo.eventCounts(ctx.deps.db, courts.map((c) => c.id), ctx.deps.clock.now());
  return {
    available: ctx.deps.google !== null,
    googleCredentials: credentials,
    courts: courts.map((c) => ({ ...c, importedEvents: counts.get(c.id)?.events ?? 0, conflicts: counts.get(c.id)?.conflicts ?? 0 })),
  };
}

/** listCalendars: the calendars of the owner's Google account. */
export async function listCalendars(ctx: Ctx): Promise<TCalendar[]> {
  const user = await requireCalendarUser(ctx);
  return calendarsOf(ctx.deps, user.userId);
}

async function calendarsOf(deps: Deps, userId: number): Promise<TCalendar[]> {
  const items = await withAccessToken(deps, userId, (token) => google(deps).listCalendars(token));
  return items
    .filter((c) => c.id && !c.deleted)
    .map((c) => ({ id: c.id!, summary: c.summaryOverride ?? c.summary ?? c.id! }));
}

/**
 * setCalendarForCourt (courtId, calendarIdGoogle, calendarName): the court's owner (or an admin) links
 * one of the owner's calendars. Events of a calendar linked before are removed with their occupancies.
 */
export async function setCalendarForCourt(ctx: Ctx, input: TSetCalendarForCourtInput): Promise<TCourtCalendarLink> {
  const court = await requireOwnCourt(ctx, input.courtId);
  google(ctx.deps);
  if (court.ownerId === null) throw new AppError("GOOGLE_NOT_CONNECTED");
  const calendars = await calendarsOf(ctx.deps, court.ownerId);
  if (!calendars.some((c) => c.id === input.calendarIdGoogle)) throw new AppError("GOOGLE_CALENDAR_NOT_FOUND");
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    await occupancy.lockCourt(tx, court.id);
    await repo.deleteCourtEvents(tx, court.id, input.calendarIdGoogle);
    await setCourtCalendarLink(tx, court.id, { calendarName: input.calendarName, calendarIdGoogle: input.calendarIdGoogle }, now);
    // The first import follows at once (the job), not only at the next 5-minute run.
    await ctx.deps.jobs.send("google-calendar-import", { userId: court.ownerId! }, { singletonKey: `google-import-${court.ownerId}` }, tx);
  });
  return { id: court.id, name: court.name, calendarName: input.calendarName, calendarIdGoogle: input.calendarIdGoogle };
}

/** deleteCalendarFromCourt (courtId): the link goes, and the imported events with their occupancies. */
export async function deleteCalendarFromCourt(ctx: Ctx, input: { courtId: number }): Promise<TCourtCalendarLink> {
  const court = await requireOwnCourt(ctx, input.courtId);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    await occupancy.lockCourt(tx, court.id);
    await repo.deleteCourtEvents(tx, court.id);
    await setCourtCalendarLink(tx, court.id, { calendarName: null, calendarIdGoogle: null }, now);
  });
  return { id: court.id, name: court.name, calendarName: null, calendarIdGoogle: null };
}

/** importGoogleBookings: imports the owner's linked calendars now. */
export async function importGoogleBookings(ctx: Ctx): Promise<TImportResult> {
  const user = await requireCalendarUser(ctx);
  google(ctx.deps);
  return importForOwner(ctx.deps, user.userId);
}

