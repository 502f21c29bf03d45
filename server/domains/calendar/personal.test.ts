import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { SESSION_COOKIE } from "@shared/constants";
import type { TCalendarOverlap } from "@shared/schemas/calendar-feed";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { createApp } from "../../app";
import type { Deps } from "../../context";
import { googleCredentials, googleOauthStates } from "../../db/schema";
import { createGoogleCalendar, type GoogleCalendarApi } from "../../integrations/google/client";
import { EMULATED_ACCOUNT, type GoogleEmulator } from "../../integrations/google/emulator";
import { errorData } from "../../testing/caller";
import { createCourt, createGameRow, createRegion } from "../../testing/factories";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { testDeps } from "../../testing/test-db";
import { connectedUserIds } from "./repo";

/**
 * Issue 29: the personal Google link. Any signed-in user connects their Google calendar from the profile; the join
 * step's overlap warning (calendarFeed.overlaps) then lists its busy times (free/busy only, no titles); ending it
 * removes the link unless it serves the user's courts. Google is the local emulator behind the official client.
 */
let deps: Deps;
let em: GoogleEmulator;
let regionId: number;
let google: GoogleCalendarApi | null = null;
beforeAll(async () => {
  const shared = await testDeps();
  // A Google emulator of this file alone: the tests count what was asked of Google, and the test process's shared one
  // also hears other files' imports finishing in the background (a stray request once made a count one too many).
  google = await createGoogleCalendar({ mode: "emulator", tokenKey: randomBytes(32) }, { publicUrl: shared.config.publicUrl, keyFile: "" });
  deps = { ...shared, google };
  em = google!.emulator!;
  regionId = (await createRegion(deps)).id;
});
afterAll(async () => {
  await google?.close();
});

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

/** Through the consent page as the browser goes, then our callback with the user's session; answers where it sends the browser. */
async function consent(player: Player, url: string): Promise<string> {
  const p = new URL(url).searchParams;
  expect(p.get("scope")).toBe("https://www.googleapis.com/auth/calendar.readonly");
  const res = await fetch(`${em.url}/o/oauth2/v2/auth/decide`, {
    method: "POST",
    body: new URLSearchParams({ redirect_uri: p.get("redirect_uri")!, state: p.get("state")!, scope: p.get("scope")!, decision: "allow" }),
    redirect: "manual",
  });
  const back = new URL(res.headers.get("location")!);
  const answer = await createApp(deps, null).fetch(new Request(`${deps.config.publicUrl}${back.pathname}${back.search}`, { headers: { cookie: `${SESSION_COOKIE}=${player.token}` } }));
  return answer.headers.get("location")!;
}

const connectPersonal = async (player: Player) => consent(player, (await player.caller.calendar.connectPersonal()).url);

/** Days far enough ahead that no other test's emulated events meet these. */
const at = (days: number, time: string) => berlinDateTimeToInstant(addBerlinDays(berlinDay(new Date()), days), time);

describe("the personal Google link (issue 29)", () => {
  test("any player connects it; the join step's overlaps list the primary calendar's busy times (opaque, not cancelled, no titles, touching ends not)", async () => {
    const player = await signedInPlayer(deps);
    expect(await player.caller.calendar.personal()).toEqual({ available: true, overlapCheck: false, broken: false, keepsCourtLink: false });
    // the court owners' call stays theirs (spec 001 section 6)
    expect((await errorData(player.caller.calendar.connectGoogle())).code).toBe("FORBIDDEN");
    const organiser = await signedInPlayer(deps);
    const court = await createCourt(deps);
    // the game to join: 18:00-19:30 Berlin, 41 days ahead
    const game = await createGameRow(deps, { creatorId: organiser.user.id, regionId, courtId: court.id, startTime: at(41, "18:00"), durationMinutes: 90 });
    em.addEvent(EMULATED_ACCOUNT, { summary: "Zahnarzt", start: at(41, "17:00"), end: at(41, "18:30") });
    em.addEvent(EMULATED_ACCOUNT, { summary: "Nur eine Notiz", start: at(41, "18:40"), end: at(41, "19:00"), transparency: "transparent" });
    const cancelled = em.addEvent(EMULATED_ACCOUNT, { summary: "Abgesagt", start: at(41, "18:45"), end: at(41, "19:10") });
    em.removeEvent(EMULATED_ACCOUNT, cancelled.id!);
    em.addEvent(EMULATED_ACCOUNT, { summary: "Danach", start: at(41, "19:30"), end: at(41, "20:30") });
    em.addEvent(EMULATED_ACCOUNT, { summary: "Kino", start: at(41, "19:15"), end: at(41, "21:00") });

    // before connecting: nothing of Google is asked
    const asked = em.requests.length;
    expect(await player.caller.calendarFeed.overlaps({ gameId: game.id })).toEqual([]);
    expect(em.requests.length).toBe(asked);

    expect(await connectPersonal(player)).toBe("/profile?googleOverlaps=connected");
    expect(await player.caller.calendar.personal()).toEqual({ available: true, overlapCheck: true, broken: false, keepsCourtLink: false });
    const mark = em.requests.length;
    const overlaps = await player.caller.calendarFeed.overlaps({ gameId: game.id });
    // Google's free/busy cuts the busy times to the game's window; titles never leave Google
    expect(overlaps).toEqual([
      { kind: "google", id: 1, title: "", startTime: at(41, "18:00"), endTime: at(41, "18:30"), role: "BUSY", blocksJoin: false },
      { kind: "google", id: 2, title: "", startTime: at(41, "19:15"), endTime: at(41, "19:30"), role: "BUSY", blocksJoin: false },
    ]);
    // one free/busy question, no event list (titles)
    expect(em.requests.slice(mark).map((r) => r.path)).toEqual(["/calendar/v3/freeBusy"]);
    // a personal link alone has nothing to import every 5 minutes
    expect(await connectedUserIds(deps.db, "GOOGLE_AUTH_FAILED")).not.toContain(player.user.id);
  });

  test("Google away: the overlaps answer without it; a revoked link is marked broken, the card asks to connect again, and connecting mends it", async () => {
    const player = await signedInPlayer(deps);
    const organiser = await signedInPlayer(deps);
    const game = await createGameRow(deps, { creatorId: organiser.user.id, regionId, startTime: at(42, "10:00"), durationMinutes: 60 });
    // the player's own game at the same time still counts while Google fails
    const own = await createGameRow(deps, { creatorId: player.user.id, regionId, title: "Mein Kick", startTime: at(42, "10:30"), durationMinutes: 60 });
    em.addEvent(EMULATED_ACCOUNT, { summary: "Arbeit", start: at(42, "09:00"), end: at(42, "10:15") });
    expect(await connectPersonal(player)).toBe("/profile?googleOverlaps=connected");
    const ownOnly: TCalendarOverlap[] = [{ kind: "game", id: own.id, title: "Mein Kick", startTime: own.startTime, endTime: own.endTime, role: "ORGANISER", blocksJoin: true }];
    const busy: TCalendarOverlap = { kind: "google", id: 1, title: "", startTime: at(42, "10:00"), endTime: at(42, "10:15"), role: "BUSY", blocksJoin: false };
    expect(await player.caller.calendarFeed.overlaps({ gameId: game.id })).toEqual([busy, ...ownOnly]);

    em.fault = "unavailable";
    try {
      expect(await player.caller.calendarFeed.overlaps({ gameId: game.id })).toEqual(ownOnly);
    } finally {
      em.fault = null;
    }
    // Google unreachable is no reason to ask the user to connect again
    expect((await player.caller.calendar.personal()).broken).toBe(false);

    em.revokeRefreshTokens();
    em.expireAccessTokens();
    expect(await player.caller.calendarFeed.overlaps({ gameId: game.id })).toEqual(ownOnly);
    expect(await player.caller.calendar.personal()).toEqual({ available: true, overlapCheck: true, broken: true, keepsCourtLink: false });
    // a broken link is not asked again at every join step
    const asked = em.requests.length;
    expect(await player.caller.calendarFeed.overlaps({ gameId: game.id })).toEqual(ownOnly);
    expect(em.requests.length).toBe(asked);
    expect(await connectPersonal(player)).toBe("/profile?googleOverlaps=connected");
    expect((await player.caller.calendar.personal()).broken).toBe(false);
    expect(await player.caller.calendarFeed.overlaps({ gameId: game.id })).toEqual([busy, ...ownOnly]);
  });

  test("ending it: a player's link goes; a court owner's link stays for the courts, and reconnecting for the courts keeps the check", async () => {
    const player = await signedInPlayer(deps);
    expect(await connectPersonal(player)).toBe("/profile?googleOverlaps=connected");
    expect(await player.caller.calendar.disconnectPersonal()).toEqual({ available: true, overlapCheck: false, broken: false, keepsCourtLink: false });
    expect(await deps.db.select().from(googleCredentials).where(eq(googleCredentials.userId, player.user.id))).toEqual([]);
    // ending what is not on changes nothing
    expect(await player.caller.calendar.disconnectPersonal()).toEqual({ available: true, overlapCheck: false, broken: false, keepsCourtLink: false });

    const owner = await signedInPlayer(deps, { isCourtOwner: true });
    const court = await createCourt(deps, { rentable: true, ownerId: owner.user.id });
    expect(await consent(owner, (await owner.caller.calendar.connectGoogle()).url)).toBe("/profile?google=connected");
    const calendar = em.addCalendar(`Belegung ${court.name}`);
    await owner.caller.calendar.setCalendarForCourt({ courtId: court.id, calendarIdGoogle: calendar.id!, calendarName: calendar.summary! });
    // linked for the courts only: the check is off until asked for
    expect(await owner.caller.calendar.personal()).toEqual({ available: true, overlapCheck: false, broken: false, keepsCourtLink: true });
    expect(await connectPersonal(owner)).toBe("/profile?googleOverlaps=connected");
    expect((await owner.caller.calendar.personal()).overlapCheck).toBe(true);
    // connecting again from the courts' section keeps the check
    expect(await consent(owner, (await owner.caller.calendar.connectGoogle()).url)).toBe("/profile?google=connected");
    expect((await owner.caller.calendar.personal()).overlapCheck).toBe(true);
    expect(await owner.caller.calendar.disconnectPersonal()).toEqual({ available: true, overlapCheck: false, broken: false, keepsCourtLink: true });
    expect((await owner.caller.calendar.status()).googleCredentials).toMatchObject({ broken: false });
    expect(await connectedUserIds(deps.db, "GOOGLE_AUTH_FAILED")).toContain(owner.user.id);
  });

  test("deleting the account removes the Google link and its consent flows (the users row stays, anonymised)", async () => {
    const player = await signedInPlayer(deps);
    expect(await connectPersonal(player)).toBe("/profile?googleOverlaps=connected");
    // a consent flow begun and never finished
    await player.caller.calendar.connectPersonal();
    await player.caller.accounts.deleteAccount({ confirmation: "LÖSCHEN" });
    expect(await deps.db.select().from(googleCredentials).where(eq(googleCredentials.userId, player.user.id))).toEqual([]);
    expect(await deps.db.select().from(googleOauthStates).where(eq(googleOauthStates.userId, player.user.id))).toEqual([]);
  });
});
