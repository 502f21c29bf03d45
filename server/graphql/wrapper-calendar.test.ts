import { beforeAll, describe, expect, test } from "bun:test";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import type { Deps } from "../context";
import { subCourts } from "../db/schema";
import { EMULATED_ACCOUNT, type GoogleEmulator } from "../integrations/google/emulator";
import { createCourt, createGameRow, createRegion } from "../testing/factories";
import { wrapperCalls, type WrapperClient } from "../testing/graphql-wrapper";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's Google Calendar calls (spec 001 section 7), each sent with exactly the
 * documented arguments and variables named as documented (ids as strings): connectGoogle (none; the
 * browser is sent to the answer's url), listCalendars (none), setCalendarForCourt(courtId,
 * calendarIdGoogle, calendarName), deleteCalendarFromCourt(courtId), importGoogleBookings (none), and
 * myAccount's googleCredentials (null until a Google account is linked, spec 001 section 3).
 */

let deps: Deps;
let em: GoogleEmulator;
beforeAll(async () => {
  deps = await testDeps();
  em = deps.google!.emulator!;
});

type Client = WrapperClient;
const { signedIn, ok, failure } = wrapperCalls(() => deps);

const CONNECT = `mutation connectGoogle { connectGoogle { url } }`;
const LIST = `query listCalendars { listCalendars { id summary } }`;
const SET = `mutation setCalendarForCourt($courtId: ID!, $calendarIdGoogle: String!, $calendarName: String!) {
  setCalendarForCourt(courtId: $courtId, calendarIdGoogle: $calendarIdGoogle, calendarName: $calendarName) { id name calendarName calendarIdGoogle }
}`;
const DELETE = `mutation deleteCalendarFromCourt($courtId: ID!) { deleteCalendarFromCourt(courtId: $courtId) { id calendarName calendarIdGoogle } }`;
const IMPORT = `mutation importGoogleBookings { importGoogleBookings { imported updated removed conflicts } }`;
const ACCOUNT = `query myAccount { myAccount { id isCourtOwner googleCredentials { broken lastImportAt lastImportError } } }`;

/** The browser's part: Google's consent page (the emulator's "Allow"), then our callback with the session cookie. */
async function consent(client: Client, url: string): Promise<string> {
  const p = new URL(url).searchParams;
  const res = await fetch(`${em.url}/o/oauth2/v2/auth/decide`, {
    method: "POST",
    body: new URLSearchParams({ redirect_uri: p.get("redirect_uri")!, state: p.get("state")!, scope: p.get("scope")!, decision: "allow" }),
    redirect: "manual",
  });
  const back = new URL(res.headers.get("location")!);
  const answer = await client.request(`${back.pathname}${back.search}`);
  expect(answer.status).toBe(302);
  return answer.headers.get("location")!;
}

describe("Google Calendar calls of the native wrapper", () => {
  test("connectGoogle, listCalendars, setCalendarForCourt, importGoogleBookings, deleteCalendarFromCourt and googleCredentials, as documented", async () => {
    const { user, client } = await signedIn({ isCourtOwner: true });
    const court = await createCourt(deps, { name: "Wrapper-Halle", rentable: true, ownerId: user.id });
    await deps.db.insert(subCourts).values([{ courtId: court.id, name: "Feld 1" }, { courtId: court.id, name: "Feld 2" }]);

    expect((await ok(client, ACCOUNT)).myAccount).toEqual({ id: String(user.id), isCourtOwner: true, googleCredentials: null });
    expect(await failure(client, LIST)).toMatchObject({ code: "GOOGLE_NOT_CONNECTED", status: 409 });

    const { connectGoogle } = await ok<{ connectGoogle: { url: string } }>(client, CONNECT);
    expect(connectGoogle.url).toStartWith(`${em.url}/o/oauth2/v2/auth?`);
    expect(await consent(client, connectGoogle.url)).toBe("/profile?google=connected");
    expect((await ok(client, ACCOUNT)).myAccount.googleCredentials).toEqual({ broken: false, lastImportAt: null, lastImportError: null });

    const { listCalendars } = await ok<{ listCalendars: { id: string; summary: string }[] }>(client, LIST);
    expect(listCalendars).toContainEqual({ id: "hallenbelegung-soccerhalle@group.calendar.google.com", summary: "Hallenbelegung Soccerhalle" });

    const cal = em.addCalendar("Wrapper-Belegung");
    const day = addBerlinDays(berlinDay(new Date()), 2);
    em.addEvent(cal.id!, { summary: "Training", start: berlinDateTimeToInstant(day, "18:00"), end: berlinDateTimeToInstant(day, "19:30") });
    const set = await ok(client, SET, { courtId: String(court.id), calendarIdGoogle: cal.id, calendarName: "Wrapper-Belegung" });
    expect(set.setCalendarForCourt).toEqual({ id: String(court.id), name: "Wrapper-Halle", calendarName: "Wrapper-Belegung", calendarIdGoogle: cal.id });
    // the court's own fields say so too
    const courtAfter = await ok(client, `query($id: ID!) { court(id: $id) { calendarName calendarIdGoogle } }`, { id: String(court.id) });
    expect(courtAfter.court).toEqual({ calendarName: "Wrapper-Belegung", calendarIdGoogle: cal.id });

    expect((await ok(client, IMPORT)).importGoogleBookings).toEqual({ imported: 1, updated: 0, removed: 0, conflicts: 0 });
    const account = (await ok(client, ACCOUNT)).myAccount.googleCredentials;
    expect(account.lastImportAt).toBeString();
    expect(account.lastImportError).toBeNull();

    expect((await ok(client, DELETE, { courtId: String(court.id) })).deleteCalendarFromCourt).toEqual({ id: String(court.id), calendarName: null, calendarIdGoogle: null });
    expect((await ok(client, IMPORT)).importGoogleBookings).toEqual({ imported: 0, updated: 0, removed: 0, conflicts: 0 });
  });

  test("refusals: players may not link calendars, a foreign court is forbidden, a calendar not in the account is not found, bad arguments are validation errors", async () => {
    const player = await signedIn();
    expect(await failure(player.client, CONNECT)).toMatchObject({ code: "FORBIDDEN", status: 403 });
    expect(await failure(httpClient(deps), IMPORT)).toMatchObject({ code: "UNAUTHENTICATED" });

    const { user, client } = await signedIn({ isCourtOwner: true });
    const own = await createCourt(deps, { name: "Eigene Halle", rentable: true, ownerId: user.id });
    const other = await signedIn({ isCourtOwner: true });
    const foreign = await createCourt(deps, { name: "Fremde Halle", rentable: true, ownerId: other.user.id });
    const { connectGoogle } = await ok<{ connectGoogle: { url: string } }>(client, CONNECT);
    await consent(client, connectGoogle.url);
    expect(await failure(client, SET, { courtId: String(foreign.id), calendarIdGoogle: "hallenbelegung-soccerhalle@group.calendar.google.com", calendarName: "X" })).toMatchObject({ code: "FORBIDDEN" });
    expect(await failure(client, SET, { courtId: String(own.id), calendarIdGoogle: "unknown@group.calendar.google.com", calendarName: "X" })).toMatchObject({ code: "GOOGLE_CALENDAR_NOT_FOUND", status: 404 });
    expect(await failure(client, SET, { courtId: "abc", calendarIdGoogle: "x", calendarName: "X" })).toMatchObject({ code: "VALIDATION" });
    expect(await failure(client, SET, { courtId: String(own.id), calendarIdGoogle: "a\u0000b", calendarName: "X" })).toMatchObject({ code: "VALIDATION" });
    expect(await failure(client, DELETE, { courtId: "999999999" })).toMatchObject({ code: "COURT_NOT_FOUND" });
  });

  test("issue 29: myPersonalGoogle, connectGoogleForOverlaps (none), calendarOverlaps(gameId) with the Google busy times, disconnectGoogleForOverlaps (none)", async () => {
    const PERSONAL = `query myPersonalGoogle { myPersonalGoogle { available overlapCheck broken keepsCourtLink } }`;
    const CONNECT_PERSONAL = `mutation connectGoogleForOverlaps { connectGoogleForOverlaps { url } }`;
    const DISCONNECT_PERSONAL = `mutation disconnectGoogleForOverlaps { disconnectGoogleForOverlaps { available overlapCheck broken keepsCourtLink } }`;
    const OVERLAPS = `query calendarOverlaps($gameId: ID!) { calendarOverlaps(gameId: $gameId) { kind id title startTime endTime role blocksJoin } }`;
    const { client } = await signedIn();
    const organiser = await signedIn();
    const day = addBerlinDays(berlinDay(new Date()), 43);
    const at = (time: string) => berlinDateTimeToInstant(day, time);
    const game = await createGameRow(deps, { creatorId: organiser.user.id, regionId: (await createRegion(deps)).id, startTime: at("20:00"), durationMinutes: 60 });
    em.addEvent(EMULATED_ACCOUNT, { summary: "Elternabend", start: at("19:00"), end: at("20:30") });

    expect((await ok(client, PERSONAL)).myPersonalGoogle).toEqual({ available: true, overlapCheck: false, broken: false, keepsCourtLink: false });
    const { connectGoogleForOverlaps } = await ok<{ connectGoogleForOverlaps: { url: string } }>(client, CONNECT_PERSONAL);
    expect(connectGoogleForOverlaps.url).toStartWith(`${em.url}/o/oauth2/v2/auth?`);
    expect(await consent(client, connectGoogleForOverlaps.url)).toBe("/profile?googleOverlaps=connected");
    expect((await ok(client, PERSONAL)).myPersonalGoogle).toEqual({ available: true, overlapCheck: true, broken: false, keepsCourtLink: false });
    expect((await ok(client, OVERLAPS, { gameId: String(game.id) })).calendarOverlaps).toEqual([
      { kind: "google", id: "1", title: "", startTime: at("20:00").toISOString(), endTime: at("20:30").toISOString(), role: "BUSY", blocksJoin: false },
    ]);
    expect((await ok(client, DISCONNECT_PERSONAL)).disconnectGoogleForOverlaps).toEqual({ available: true, overlapCheck: false, broken: false, keepsCourtLink: false });
    expect((await ok(client, OVERLAPS, { gameId: String(game.id) })).calendarOverlaps).toEqual([]);
    expect(await failure(httpClient(deps), CONNECT_PERSONAL)).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
