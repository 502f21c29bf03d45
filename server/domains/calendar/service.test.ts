import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { SESSION_COOKIE } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { createApp } from "../../app";
import type { Deps } from "../../context";
import { courtExternalEvents, courtOccupancies, googleCredentials, googleOauthStates, subCourts } from "../../db/schema";
import type { GoogleEmulator } from "../../integrations/google/emulator";
import { startCalendarWorkers } from "../../jobs/workers";
import { errorData } from "../../testing/caller";
import { createCourt } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { connectedUserIds } from "./repo";
import { handleGoogleImport, occupiedTime } from "./import";
import { completeGoogleConnection } from "./service";

let deps: Deps;
let em: GoogleEmulator;
beforeAll(async () => {
  deps = await testDeps();
  em = deps.google!.emulator!;
});
afterAll(() => {
  em.fault = null;
});

type Owner = Awaited<ReturnType<typeof signedInPlayer>>;

/** Goes through the consent page as the browser would and hands Google's redirect to our callback route. */
async function connect(owner: Owner, decision: "allow" | "deny" = "allow"): Promise<string> {
  const { url } = await owner.caller.calendar.connectGoogle();
  const consent = new URL(url);
  expect(consent.origin).toBe(em.url);
  expect(Object.fromEntries(consent.searchParams)).toMatchObject({ access_type: "offline", prompt: "consent", scope: "https://www.googleapis.com/auth/calendar.readonly", response_type: "code" });
  const page = await fetch(url);
  expect(await page.text()).toContain(">Allow</button>");
  const p = consent.searchParams;
  const res = await fetch(`${em.url}/o/oauth2/v2/auth/decide`, {
    method: "POST",
    body: new URLSearchParams({ redirect_uri: p.get("redirect_uri")!, state: p.get("state")!, scope: p.get("scope")!, decision }),
    redirect: "manual",
  });
  const back = new URL(res.headers.get("location")!);
  expect(back.pathname).toBe("/api/google/oauth/callback");
  const answer = await createApp(deps, null).fetch(new Request(`${deps.config.publicUrl}${back.pathname}${back.search}`, { headers: { cookie: `${SESSION_COOKIE}=${owner.token}` } }));
  expect(answer.status).toBe(302);
  return answer.headers.get("location")!;
}

/** An owner with a rentable court of `subs` sub-courts, connected to Google, the court linked to a fresh calendar. */
async function linkedOwner(subs = 2) {
  const owner = await signedInPlayer(deps, { isCourtOwner: true });
  const court = await createCourt(deps, { rentable: true, ownerId: owner.user.id, name: `Halle ${Math.random().toString(36).slice(2, 7)}` });
  const subRows = [];
  for (let i = 1; i <= subs; i++) subRows.push((await deps.db.insert(subCourts).values({ courtId: court.id, name: `Feld ${i}` }).returning())[0]!);
  expect(await connect(owner)).toBe("/profile?google=connected");
  const cal = em.addCalendar(`Belegung ${court.name}`);
  await owner.caller.calendar.setCalendarForCourt({ courtId: court.id, calendarIdGoogle: cal.id!, calendarName: cal.summary! });
  return { owner, court, subs: subRows, calendarId: cal.id! };
}

const day = (n: number) => addBerlinDays(berlinDay(new Date()), n);
const at = (n: number, time: string) => berlinDateTimeToInstant(day(n), time);
const occupancies = (courtId: number) => deps.db.select().from(courtOccupancies).where(eq(courtOccupancies.courtId, courtId));
const imported = (courtId: number) => deps.db.select().from(courtExternalEvents).where(eq(courtExternalEvents.courtId, courtId));

describe("connecting Google", () => {
  test("only court owners and admins; the consent flow stores the tokens encrypted; a state works once", async () => {
    const player = await signedInPlayer(deps);
    expect((await errorData(player.caller.calendar.connectGoogle())).code).toBe("FORBIDDEN");
    const owner = await signedInPlayer(deps, { isCourtOwner: true });
    expect(await owner.caller.calendar.status()).toMatchObject({ available: true, googleCredentials: null, courts: [] });
    expect((await errorData(owner.caller.calendar.listCalendars())).code).toBe("GOOGLE_NOT_CONNECTED");
    expect(await connect(owner)).toBe("/profile?google=connected");
    const [row] = await deps.db.select().from(googleCredentials).where(eq(googleCredentials.userId, owner.user.id));
    expect(row!.refreshTokenEnc).toStartWith("v1.");
    expect(row!.refreshTokenEnc).not.toContain("emu-");
    expect(deps.google!.cipher.decrypt(row!.refreshTokenEnc, owner.user.id)).toStartWith("1//emu-");
    // another user's id as associated data does not decrypt it
    expect(deps.google!.cipher.decrypt(row!.refreshTokenEnc, owner.user.id + 1)).toBeNull();
    expect((await owner.caller.calendar.status()).googleCredentials).toEqual({ broken: false, lastImportAt: null, lastImportError: null });
    const calendars = await owner.caller.calendar.listCalendars();
    expect(calendars).toContainEqual({ id: "hallenbelegung-soccerhalle@group.calendar.google.com", summary: "Hallenbelegung Soccerhalle" });
    // states are gone after use (single use)
    expect(await deps.db.select().from(googleOauthStates).where(eq(googleOauthStates.userId, owner.user.id))).toEqual([]);
  });

  test("a refused consent, a foreign session, an unknown or expired state end on the profile with an error", async () => {
    const owner = await signedInPlayer(deps, { isCourtOwner: true });
    expect(await connect(owner, "deny")).toBe("/profile?google=GOOGLE_AUTH_FAILED");
    const { url } = await owner.caller.calendar.connectGoogle();
    const state = new URL(url).searchParams.get("state")!;
    const other = await signedInPlayer(deps, { isCourtOwner: true });
    expect(await completeGoogleConnection(deps, { code: "x", state, error: null, sessionUserId: other.user.id })).toBe("/profile?google=GOOGLE_AUTH_FAILED");
    // the failed attempt used the state up
    expect(await completeGoogleConnection(deps, { code: "x", state, error: null, sessionUserId: owner.user.id })).toBe("/profile?google=GOOGLE_AUTH_FAILED");
    expect(await completeGoogleConnection(deps, { code: null, state: null, error: null, sessionUserId: owner.user.id })).toBe("/profile?google=GOOGLE_AUTH_FAILED");
    // a code Google does not know
    const again = new URL((await owner.caller.calendar.connectGoogle()).url).searchParams.get("state")!;
    expect(await completeGoogleConnection(deps, { code: "4/forged", state: again, error: null, sessionUserId: owner.user.id })).toBe("/profile?google=GOOGLE_AUTH_FAILED");
    expect((await owner.caller.calendar.status()).googleCredentials).toBeNull();
  });

  test("the callback route answers every request with a redirect to the profile, never an error page", async () => {
    const app = createApp(deps, null);
    for (const query of ["", "?state=x", "?code=a&state=" + "x".repeat(5000), "?error=access_denied", "?code=%00&state=%00"]) {
      const res = await app.fetch(new Request(`${deps.config.publicUrl}/api/google/oauth/callback${query}`));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/profile?google=GOOGLE_AUTH_FAILED");
    }
  });

  test("without Google on this server every call says so", async () => {
    const owner = await signedInPlayer(deps, { isCourtOwner: true });
    const off = { ...deps, google: null };
    const { connectGoogle, importGoogleBookings } = await import("./service");
    const ctx = { deps: off, viewer: { userId: owner.user.id, isAdmin: false, sessionId: "s", sessionExpiresAt: new Date() }, meta: { ip: "", userAgent: null, csrfOk: true, sessionToken: null }, cookies: { set() {}, clear() {} } };
    await expect(connectGoogle(ctx)).rejects.toMatchObject({ code: "GOOGLE_UNAVAILABLE_HERE" });
    await expect(importGoogleBookings(ctx)).rejects.toMatchObject({ code: "GOOGLE_UNAVAILABLE_HERE" });
    expect(await completeGoogleConnection(off, { code: "x", state: "y", error: null, sessionUserId: owner.user.id })).toBe("/profile?google=GOOGLE_UNAVAILABLE_HERE");
  });
});

describe("linking courts", () => {
  test("the calendar must be the owner's; only the court's owner (or an admin) links it; removal clears the link", async () => {
    const { owner, court, calendarId } = await linkedOwner(1);
    expect((await errorData(owner.caller.calendar.setCalendarForCourt({ courtId: court.id, calendarIdGoogle: "nope@group.calendar.google.com", calendarName: "X" }))).code).toBe(
      "GOOGLE_CALENDAR_NOT_FOUND",
    );
    const stranger = await signedInPlayer(deps, { isCourtOwner: true });
    expect((await errorData(stranger.caller.calendar.setCalendarForCourt({ courtId: court.id, calendarIdGoogle: calendarId, calendarName: "X" }))).code).toBe("FORBIDDEN");
    expect((await errorData(stranger.caller.calendar.deleteCalendarFromCourt({ courtId: court.id }))).code).toBe("FORBIDDEN");
    expect((await errorData(owner.caller.calendar.deleteCalendarFromCourt({ courtId: 2_000_000_000 }))).code).toBe("COURT_NOT_FOUND");
    const status = await owner.caller.calendar.status();
    expect(status.courts).toEqual([{ id: court.id, name: court.name, calendarName: `Belegung ${court.name}`, calendarIdGoogle: calendarId, importedEvents: 0, conflicts: 0 }]);

    em.addEvent(calendarId, { summary: "Training", start: at(1, "18:00"), end: at(1, "19:00") });
    expect(await owner.caller.calendar.importGoogleBookings()).toEqual({ imported: 1, updated: 0, removed: 0, conflicts: 0 });
    expect((await occupancies(court.id)).length).toBe(1);
    expect(await owner.caller.calendar.deleteCalendarFromCourt({ courtId: court.id })).toEqual({ id: court.id, name: court.name, calendarName: null, calendarIdGoogle: null });
    expect(await imported(court.id)).toEqual([]);
    expect(await occupancies(court.id)).toEqual([]);
    expect((await owner.caller.calendar.status()).courts[0]).toMatchObject({ calendarName: null, calendarIdGoogle: null });
  });
});

describe("importing", () => {
  test("new, changed, removed, free and all-day events; every sub-court occupied; a second run changes nothing", async () => {
    const { owner, court, subs, calendarId } = await linkedOwner(2);
    const training = em.addEvent(calendarId, { summary: "Training", start: at(1, "18:00"), end: at(1, "20:00") });
    const tournament = em.addEvent(calendarId, { summary: "Turnier", start: at(2, "10:00"), end: at(2, "14:00") });
    em.addEvent(calendarId, { summary: "Notiz", start: at(2, "08:00"), end: at(2, "09:00"), transparency: "transparent" });
    const allDay = em.addEvent(calendarId, { summary: "Hallenpflege", startDate: day(3), endDate: day(4) });
    em.addEvent(calendarId, { summary: "Zu weit", start: at(120, "10:00"), end: at(120, "11:00") });

    expect(await owner.caller.calendar.importGoogleBookings()).toEqual({ imported: 3, updated: 0, removed: 0, conflicts: 0 });
    const rows = await imported(court.id);
    expect(rows.map((r) => r.summary).sort()).toEqual(["Hallenpflege", "Training", "Turnier"]);
    const pflege = rows.find((r) => r.googleEventId === allDay.id)!;
    // All-day: that Berlin day from 00:00 to 24:00.
    expect([pflege.startsAt, pflege.endsAt]).toEqual([berlinDateTimeToInstant(day(3), "00:00"), berlinDateTimeToInstant(day(4), "00:00")]);
    const occ = await occupancies(court.id);
    expect(occ.length).toBe(6);
    for (const r of rows) expect(occ.filter((o) => o.externalEventId === r.id).map((o) => o.subCourtId).sort()).toEqual(subs.map((s) => s.id).sort());
    // The owner calendar shows them as occupied.
    const cal = await owner.caller.bookings.calendar({ courtId: court.id, from: at(0, "00:00"), to: at(6, "00:00") });
    expect([...new Set(cal.entries.filter((e) => e.kind === "external").map((e) => e.title))].sort()).toEqual(["Hallenpflege", "Training", "Turnier"]);

    expect(await owner.caller.calendar.importGoogleBookings()).toEqual({ imported: 0, updated: 0, removed: 0, conflicts: 0 });

    em.updateEvent(calendarId, training.id!, { summary: "Training (verlegt)", start: at(1, "19:00"), end: at(1, "21:00") });
    em.removeEvent(calendarId, tournament.id!);
    expect(await owner.caller.calendar.importGoogleBookings()).toEqual({ imported: 0, updated: 1, removed: 1, conflicts: 0 });
    const after = await imported(court.id);
    expect(after.map((r) => r.summary).sort()).toEqual(["Hallenpflege", "Training (verlegt)"]);
    const moved = after.find((r) => r.googleEventId === training.id)!;
    expect([moved.startsAt, moved.endsAt]).toEqual([at(1, "19:00"), at(1, "21:00")]);
    const occAfter = await occupancies(court.id);
    expect(occAfter.length).toBe(4);
    expect(occAfter.filter((o) => o.externalEventId === moved.id).every((o) => o.startsAt.getTime() === at(1, "19:00").getTime())).toBe(true);
    const status = await owner.caller.calendar.status();
    expect(status.googleCredentials?.lastImportAt).toBeInstanceOf(Date);
    expect(status.courts[0]).toMatchObject({ importedEvents: 2, conflicts: 0 });
  });

  test("an event over a manual booking occupies the other sub-courts and records the conflict; it takes the sub-court once the booking goes", async () => {
    const { owner, court, subs, calendarId } = await linkedOwner(2);
    const manual = await owner.caller.bookings.createManual({ courtId: court.id, subCourtId: subs[0]!.id, title: "Telefonbuchung", startTime: at(1, "18:00"), endTime: at(1, "19:00") });
    em.addEvent(calendarId, { summary: "Training", start: at(1, "17:30"), end: at(1, "19:30") });
    expect(await owner.caller.calendar.importGoogleBookings()).toEqual({ imported: 1, updated: 0, removed: 0, conflicts: 1 });
    const [row] = await imported(court.id);
    expect(row!.conflictingSubCourtIds).toEqual([subs[0]!.id]);
    const occ = (await occupancies(court.id)).filter((o) => o.externalEventId === row!.id);
    expect(occ.map((o) => o.subCourtId)).toEqual([subs[1]!.id]);
    expect((await owner.caller.calendar.status()).courts[0]).toMatchObject({ importedEvents: 1, conflicts: 1 });

    await owner.caller.bookings.deleteManual({ id: manual.id });
    expect(await owner.caller.calendar.importGoogleBookings()).toEqual({ imported: 0, updated: 0, removed: 0, conflicts: 0 });
    const [again] = await imported(court.id);
    expect(again!.conflictingSubCourtIds).toEqual([]);
    expect((await occupancies(court.id)).filter((o) => o.externalEventId === row!.id).length).toBe(2);
  });

  test("an expired access token is refreshed and stored again, encrypted", async () => {
    const { owner, calendarId } = await linkedOwner(1);
    em.addEvent(calendarId, { summary: "Training", start: at(1, "18:00"), end: at(1, "19:00") });
    const before = (await deps.db.select().from(googleCredentials).where(eq(googleCredentials.userId, owner.user.id)))[0]!;
    em.expireAccessTokens();
    expect((await owner.caller.calendar.importGoogleBookings()).imported).toBe(1);
    const after = (await deps.db.select().from(googleCredentials).where(eq(googleCredentials.userId, owner.user.id)))[0]!;
    expect(after.accessTokenEnc).not.toBe(before.accessTokenEnc);
    const plain = deps.google!.cipher.decrypt(after.accessTokenEnc!, owner.user.id)!;
    expect(plain).toStartWith("ya29.emu-");
    expect(after.accessTokenEnc).not.toContain(plain);
    // also when the stored expiry says it is still good but Google refuses it
    await deps.db.update(googleCredentials).set({ accessTokenExpiresAt: new Date(Date.now() + 3600_000) }).where(eq(googleCredentials.userId, owner.user.id));
    em.expireAccessTokens();
    expect((await owner.caller.calendar.importGoogleBookings()).imported).toBe(0);
  });

  test("a revoked link is marked broken (GOOGLE_AUTH_FAILED), the job skips it, connecting again repairs it", async () => {
    const { owner, court, calendarId } = await linkedOwner(1);
    em.addEvent(calendarId, { summary: "Training", start: at(1, "18:00"), end: at(1, "19:00") });
    em.revokeRefreshTokens();
    em.expireAccessTokens();
    expect((await errorData(owner.caller.calendar.importGoogleBookings())).code).toBe("GOOGLE_AUTH_FAILED");
    expect((await owner.caller.calendar.status()).googleCredentials).toMatchObject({ broken: true, lastImportError: "GOOGLE_AUTH_FAILED" });
    const requests = em.requests.length;
    await handleGoogleImport(deps, { userId: owner.user.id });
    expect(em.requests.length).toBe(requests);
    expect(await connectedUserIds(deps.db, "GOOGLE_AUTH_FAILED")).not.toContain(owner.user.id);
    expect(await imported(court.id)).toEqual([]);
    expect(await connect(owner)).toBe("/profile?google=connected");
    expect((await owner.caller.calendar.status()).googleCredentials).toMatchObject({ broken: false, lastImportError: null });
    expect((await owner.caller.calendar.importGoogleBookings()).imported).toBe(1);
  });

  test("Google unreachable answers GOOGLE_UNAVAILABLE (503) and is recorded; nothing imported is lost", async () => {
    const { owner, court, calendarId } = await linkedOwner(1);
    em.addEvent(calendarId, { summary: "Training", start: at(1, "18:00"), end: at(1, "19:00") });
    await owner.caller.calendar.importGoogleBookings();
    em.fault = "unavailable";
    try {
      const failure = await errorData(owner.caller.calendar.importGoogleBookings());
      expect(failure.code).toBe("GOOGLE_UNAVAILABLE");
      expect((await errorData(owner.caller.calendar.listCalendars())).code).toBe("GOOGLE_UNAVAILABLE");
    } finally {
      em.fault = null;
    }
    expect((await owner.caller.calendar.status()).googleCredentials).toMatchObject({ broken: false, lastImportError: "GOOGLE_UNAVAILABLE" });
    expect((await imported(court.id)).length).toBe(1);
    expect((await occupancies(court.id)).length).toBe(1);
  });

  test("a calendar deleted in Google: GOOGLE_CALENDAR_NOT_FOUND, the other courts still import", async () => {
    const { owner, calendarId } = await linkedOwner(1);
    const second = await createCourt(deps, { rentable: true, ownerId: owner.user.id, name: "Zweite Halle" });
    await deps.db.insert(subCourts).values({ courtId: second.id, name: "Feld" });
    const cal2 = em.addCalendar("Zweite");
    await owner.caller.calendar.setCalendarForCourt({ courtId: second.id, calendarIdGoogle: cal2.id!, calendarName: "Zweite" });
    em.addEvent(cal2.id!, { summary: "Spiel", start: at(1, "18:00"), end: at(1, "19:00") });
    // gone from Google behind our back
    const gone = em.calendars().findIndex((c) => c.id === calendarId);
    expect(gone).toBeGreaterThanOrEqual(0);
    await deps.db.execute(`update courts set calendar_id_google = 'deleted@group.calendar.google.com' where owner_id = ${owner.user.id} and id <> ${second.id}` as never);
    expect((await errorData(owner.caller.calendar.importGoogleBookings())).code).toBe("GOOGLE_CALENDAR_NOT_FOUND");
    expect((await imported(second.id)).length).toBe(1);
  });

  test("a linked court without sub-courts gets one named after it at the first import, and the event occupies it", async () => {
    const { owner, court, calendarId } = await linkedOwner(0);
    em.addEvent(calendarId, { summary: "Training", start: at(1, "18:00"), end: at(1, "19:00") });
    expect(await owner.caller.calendar.importGoogleBookings()).toEqual({ imported: 1, updated: 0, removed: 0, conflicts: 0 });
    const subs = await deps.db.select().from(subCourts).where(eq(subCourts.courtId, court.id));
    expect(subs.map((s) => s.name)).toEqual([court.name]);
    expect((await occupancies(court.id)).map((o) => o.subCourtId)).toEqual([subs[0]!.id]);
  });
});

describe("what an event occupies", () => {
  test("cancelled, free and malformed events occupy nothing; all-day events the Berlin days", () => {
    expect(occupiedTime({ id: "a", status: "cancelled", start: { dateTime: "2026-12-01T10:00:00Z" }, end: { dateTime: "2026-12-01T11:00:00Z" } })).toBeNull();
    expect(occupiedTime({ id: "a", transparency: "transparent", start: { dateTime: "2026-12-01T10:00:00Z" }, end: { dateTime: "2026-12-01T11:00:00Z" } })).toBeNull();
    expect(occupiedTime({ id: "a", start: { dateTime: "2026-12-01T11:00:00Z" }, end: { dateTime: "2026-12-01T10:00:00Z" } })).toBeNull();
    expect(occupiedTime({ id: "a", start: { date: "junk" }, end: { date: "2026-12-02" } })).toBeNull();
    // over the change to summer time: 23 hours
    expect(occupiedTime({ id: "a", summary: "x\u0000y", start: { date: "2026-03-29" }, end: { date: "2026-03-30" } })).toMatchObject({
      summary: "x y",
      startsAt: new Date("2026-03-28T23:00:00Z"),
      endsAt: new Date("2026-03-29T22:00:00Z"),
    });
  });
});

describe("the job", () => {
  // The worker and its schedule end with this file: left running on the test process's shared queue, the worker took
  // later files' import jobs (with this file's Google) and asked the shared emulator while they counted its requests.
  afterAll(async () => {
    await deps.jobs.boss.offWork("google-calendar-import");
    await deps.jobs.boss.unschedule("google-calendar-import");
  });

  test("scheduled every 5 minutes; unscheduled when Google is off", async () => {
    await startCalendarWorkers({ ...deps, google: null });
    expect(await deps.jobs.boss.getSchedules("google-calendar-import")).toEqual([]);
    await startCalendarWorkers(deps);
    expect((await deps.jobs.boss.getSchedules("google-calendar-import")).map((s) => s.cron)).toEqual(["*/5 * * * *"]);
    const { owner, court, calendarId } = await linkedOwner(1);
    em.addEvent(calendarId, { summary: "Training", start: at(1, "18:00"), end: at(1, "19:00") });
    await handleGoogleImport(deps, {});
    expect((await imported(court.id)).length).toBe(1);
    expect((await owner.caller.calendar.status()).googleCredentials?.lastImportAt).toBeInstanceOf(Date);
  });
});
