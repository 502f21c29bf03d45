import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { parseConfig } from "../../config";
import { createGoogleCalendar, GoogleError, googleCalendarFor, type GoogleCalendarApi } from "./client";
import { tokenCipher } from "./crypto";
import { startGoogleEmulator, type GoogleEmulator } from "./emulator";

/** The official @googleapis/calendar client and its OAuth2 client against the emulator, as GOOGLE_API_BASE points them. */
let em: GoogleEmulator;
let google: GoogleCalendarApi;
beforeAll(async () => {
  em = await startGoogleEmulator({ demo: false });
  google = googleCalendarFor(em, { publicUrl: "http://localhost:3000", cipher: tokenCipher(randomBytes(32)) });
});
afterAll(() => em.close());

async function tokens() {
  const p = new URL(google.consentUrl("st")).searchParams;
  const res = await fetch(`${em.url}/o/oauth2/v2/auth/decide`, { method: "POST", body: new URLSearchParams({ redirect_uri: p.get("redirect_uri")!, state: "st", scope: p.get("scope")!, decision: "allow" }), redirect: "manual" });
  return google.exchangeCode(new URL(res.headers.get("location")!).searchParams.get("code")!);
}

describe("Google Calendar client", () => {
  test("the consent URL asks for offline access, consent and only calendar.readonly, returning to our callback", () => {
    const url = new URL(google.consentUrl("abc"));
    expect(`${url.origin}${url.pathname}`).toBe(`${em.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      access_type: "offline",
      prompt: "consent",
      scope: "https://www.googleapis.com/auth/calendar.readonly",
      state: "abc",
      response_type: "code",
      client_id: em.clientId,
      redirect_uri: "http://localhost:3000/api/google/oauth/callback",
    });
  });

  test("code exchange, refresh, calendar list and every page of events through the SDK", async () => {
    const t = await tokens();
    expect(t.refreshToken).toStartWith("1//");
    expect(t.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const cal = em.addCalendar("Halle");
    for (let i = 0; i < 5; i++) em.addEvent(cal.id!, { summary: `E${i}`, start: new Date(Date.now() + (i + 1) * 3600_000), end: new Date(Date.now() + (i + 2) * 3600_000) });
    expect((await google.listCalendars(t.accessToken)).map((c) => c.summary)).toContain("Halle");
    const events = await google.listEvents(t.accessToken, cal.id!, new Date(), new Date(Date.now() + 86400_000), 2);
    expect(events.map((e) => e.summary)).toEqual(["E0", "E1", "E2", "E3", "E4"]);
    expect(em.requests.filter((r) => r.path.endsWith("/events")).length).toBeGreaterThanOrEqual(3);
    const fresh = await google.refresh(t.refreshToken);
    expect(fresh.accessToken).not.toBe(t.accessToken);
  });

  test("free/busy through the SDK: opaque, not cancelled events of the primary calendar, merged and cut to the window; an unknown calendar is not_found", async () => {
    const t = await tokens();
    const primary = em.calendars().find((c) => c.primary)!.id!;
    const h = (n: number) => new Date(Date.UTC(2027, 2, 1, n));
    em.addEvent(primary, { summary: "A", start: h(8), end: h(10) });
    em.addEvent(primary, { summary: "B", start: h(9), end: h(11) });
    em.addEvent(primary, { summary: "C", start: h(11), end: h(12) });
    em.addEvent(primary, { summary: "frei", start: h(13), end: h(14), transparency: "transparent" });
    em.removeEvent(primary, em.addEvent(primary, { summary: "weg", start: h(15), end: h(16) }).id!);
    em.addEvent(primary, { summary: "Urlaub", startDate: "2027-03-02", endDate: "2027-03-03" });
    expect(await google.freeBusy(t.accessToken, "primary", h(9), h(17))).toEqual([{ start: h(9), end: h(12) }]);
    // an all-day event is busy from the calendar's midnight (Europe/Berlin)
    expect(await google.freeBusy(t.accessToken, "primary", h(20), h(24 + 2))).toEqual([{ start: new Date("2027-03-01T23:00:00Z"), end: h(24 + 2) }]);
    const kind = (p: Promise<unknown>) => p.then(() => "ok", (e) => (e instanceof GoogleError ? e.kind : `other: ${e}`));
    expect(await kind(google.freeBusy(t.accessToken, "missing@group.calendar.google.com", h(9), h(17)))).toBe("not_found");
    expect(await kind(google.freeBusy("ya29.forged", "primary", h(9), h(17)))).toBe("unauthorized");
  });

  test("failures come out as GoogleError kinds: revoked, unauthorized, not_found, unavailable", async () => {
    const t = await tokens();
    const kind = (p: Promise<unknown>) => p.then(() => "ok", (e) => (e instanceof GoogleError ? e.kind : `other: ${e}`));
    expect(await kind(google.exchangeCode("4/unknown"))).toBe("revoked");
    expect(await kind(google.listEvents(t.accessToken, "missing@group.calendar.google.com", new Date(), new Date(Date.now() + 1000)))).toBe("not_found");
    expect(await kind(google.listCalendars("ya29.forged"))).toBe("unauthorized");
    em.fault = "unavailable";
    expect(await kind(google.listCalendars(t.accessToken))).toBe("unavailable");
    expect(await kind(google.refresh(t.refreshToken))).toBe("unavailable");
    em.fault = null;
    em.revokeRefreshTokens();
    expect(await kind(google.refresh(t.refreshToken))).toBe("revoked");
    const closed = await startGoogleEmulator({ demo: false });
    const gone = googleCalendarFor(closed, { publicUrl: "http://localhost:3000", cipher: tokenCipher(randomBytes(32)) });
    await closed.close();
    expect(await kind(gone.listCalendars("x"))).toBe("unavailable");
  });

  test("configuration: the emulator outside production, off in production without a client, never an emulator in production", async () => {
    expect(parseConfig({ NODE_ENV: "development" }).google).toEqual({ mode: "emulator", tokenKey: null });
    expect(parseConfig({ NODE_ENV: "production" }).google).toEqual({ mode: "off" });
    expect(await createGoogleCalendar({ mode: "off" }, { publicUrl: "https://kickrunde.de", keyFile: "" })).toBeNull();
    const key = randomBytes(32).toString("base64");
    expect(parseConfig({ NODE_ENV: "production", GOOGLE_CLIENT_ID: "123-abc.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "s", GOOGLE_TOKEN_KEY: key }).google).toMatchObject({
      mode: "google",
      apiBase: null,
    });
    expect(() => parseConfig({ NODE_ENV: "production", GOOGLE_CLIENT_ID: "123-abc.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "s" })).toThrow(/GOOGLE_TOKEN_KEY/);
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: "123-abc.apps.googleusercontent.com" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => parseConfig({ GOOGLE_CLIENT_SECRET: "s" })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(() => parseConfig({ GOOGLE_TOKEN_KEY: "short" })).toThrow(/GOOGLE_TOKEN_KEY/);
    const configured = await createGoogleCalendar(
      { mode: "google", clientId: "id", clientSecret: "secret", apiBase: em.url, tokenKey: randomBytes(32) },
      { publicUrl: "https://kickrunde.de", keyFile: "" },
    );
    expect(configured!.emulator).toBeNull();
    expect(configured!.consentUrl("s")).toStartWith(`${em.url}/o/oauth2/v2/auth?`);
    const real = await createGoogleCalendar({ mode: "google", clientId: "id", clientSecret: "secret", apiBase: null, tokenKey: randomBytes(32) }, { publicUrl: "https://kickrunde.de", keyFile: "" });
    expect(real!.consentUrl("s")).toStartWith("https://accounts.google.com/o/oauth2/v2/auth?");
  });
});
