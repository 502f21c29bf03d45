import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { calendar_v3 } from "@googleapis/calendar";
import { DEMO_CALENDAR_ID, startGoogleEmulator, type GoogleEmulator } from "./emulator";

/** The emulator over plain HTTP, as Google's wire format has it (the SDK's side is client.test.ts). */
let em: GoogleEmulator;
let now = Date.parse("2026-12-01T09:00:00Z");
beforeAll(async () => {
  em = await startGoogleEmulator({ now: () => now, accessTokenTtlSeconds: 60 });
});
afterAll(() => em.close());

const REDIRECT = "http://localhost:3000/api/google/oauth/callback";

async function code(): Promise<string> {
  const res = await fetch(`${em.url}/o/oauth2/v2/auth/decide`, {
    method: "POST",
    body: new URLSearchParams({ redirect_uri: REDIRECT, state: "s1", scope: "https://www.googleapis.com/auth/calendar.readonly", decision: "allow" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  expect(back.searchParams.get("state")).toBe("s1");
  return back.searchParams.get("code")!;
}
const token = (params: Record<string, string>) =>
  fetch(`${em.url}/token`, { method: "POST", body: new URLSearchParams({ client_id: em.clientId, client_secret: em.clientSecret, ...params }) });
const api = (path: string, accessToken: string) => fetch(`${em.url}${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });

async function connected() {
  const res = await token({ grant_type: "authorization_code", code: await code(), redirect_uri: REDIRECT });
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

describe("Google emulator: OAuth", () => {
  test("the consent page checks the client; Cancel sends error=access_denied", async () => {
    expect((await fetch(`${em.url}/o/oauth2/v2/auth?client_id=someone&redirect_uri=${REDIRECT}&response_type=code`)).status).toBe(401);
    const page = await fetch(`${em.url}/o/oauth2/v2/auth?client_id=${em.clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&state=%22%3E%3Cscript%3E`);
    const html = await page.text();
    expect(html).toContain("Allow");
    expect(html).not.toContain("<script>");
    const deny = await fetch(`${em.url}/o/oauth2/v2/auth/decide`, { method: "POST", body: new URLSearchParams({ redirect_uri: REDIRECT, state: "s", decision: "deny" }), redirect: "manual" });
    expect(new URL(deny.headers.get("location")!).searchParams.get("error")).toBe("access_denied");
  });

  test("codes work once, for their redirect URI and the right client; refresh tokens until revoked; access tokens expire", async () => {
    const c = await code();
    expect((await (await token({ grant_type: "authorization_code", code: c, redirect_uri: "http://evil.example/cb" })).json()).error).toBe("redirect_uri_mismatch");
    const c2 = await code();
    expect((await fetch(`${em.url}/token`, { method: "POST", body: new URLSearchParams({ client_id: em.clientId, client_secret: "wrong", grant_type: "authorization_code", code: c2, redirect_uri: REDIRECT }) })).status).toBe(401);
    const ok = await token({ grant_type: "authorization_code", code: c2, redirect_uri: REDIRECT });
    const t = (await ok.json()) as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
    expect(t).toMatchObject({ expires_in: 60, token_type: "Bearer" });
    expect((await (await token({ grant_type: "authorization_code", code: c2, redirect_uri: REDIRECT })).json()).error).toBe("invalid_grant");

    expect((await api("/calendar/v3/users/me/calendarList", t.access_token)).status).toBe(200);
    now += 61_000;
    const expired = await api("/calendar/v3/users/me/calendarList", t.access_token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { status: string } }).error.status).toBe("UNAUTHENTICATED");
    const refreshed = (await (await token({ grant_type: "refresh_token", refresh_token: t.refresh_token })).json()) as { access_token: string; refresh_token?: string };
    expect(refreshed.refresh_token).toBeUndefined();
    expect((await api("/calendar/v3/users/me/calendarList", refreshed.access_token)).status).toBe(200);
    em.revokeRefreshTokens();
    const revoked = await token({ grant_type: "refresh_token", refresh_token: t.refresh_token });
    expect(revoked.status).toBe(400);
    expect(await revoked.json()).toEqual({ error: "invalid_grant", error_description: "Token has been expired or revoked." });
    expect((await api("/calendar/v3/users/me/calendarList", refreshed.access_token)).status).toBe(401);
  });
});

describe("Google emulator: calendars and events", () => {
  test("the demo calendar is listed; events by time window, without cancelled ones unless showDeleted, paged", async () => {
    const t = await connected();
    const list = (await (await api("/calendar/v3/users/me/calendarList", t.access_token)).json()) as calendar_v3.Schema$CalendarList;
    expect(list.items!.map((c) => c.summary)).toContain("Hallenbelegung Soccerhalle");
    expect(list.items!.find((c) => c.primary)?.id).toBe("kickrunde.demo@gmail.com");

    const cal = em.addCalendar("Test");
    const e1 = em.addEvent(cal.id!, { summary: "A", start: new Date("2026-12-02T10:00:00Z"), end: new Date("2026-12-02T11:00:00Z") });
    em.addEvent(cal.id!, { summary: "B", start: new Date("2026-12-03T10:00:00Z"), end: new Date("2026-12-03T11:00:00Z") });
    em.addEvent(cal.id!, { summary: "All day", startDate: "2026-12-04", endDate: "2026-12-05" });
    em.addEvent(cal.id!, { summary: "Later", start: new Date("2027-06-01T10:00:00Z"), end: new Date("2027-06-01T11:00:00Z") });
    em.removeEvent(cal.id!, e1.id!);
    const path = (q: Record<string, string>) => `/calendar/v3/calendars/${encodeURIComponent(cal.id!)}/events?${new URLSearchParams({ singleEvents: "true", timeMin: "2026-12-01T00:00:00Z", timeMax: "2027-01-01T00:00:00Z", ...q })}`;
    const all = (await (await api(path({}), t.access_token)).json()) as calendar_v3.Schema$Events;
    expect(all.items!.map((e) => e.summary)).toEqual(["B", "All day"]);
    expect(all.items![1]!.start).toEqual({ date: "2026-12-04" });
    const withDeleted = (await (await api(path({ showDeleted: "true" }), t.access_token)).json()) as calendar_v3.Schema$Events;
    expect(withDeleted.items!.map((e) => [e.summary, e.status])).toEqual([["A", "cancelled"], ["B", "confirmed"], ["All day", "confirmed"]]);
    // an all-day event counts from Berlin midnight: 23:30 UTC on the 3rd is already the 4th in Berlin
    const late = (await (await api(path({ timeMin: "2026-12-03T23:30:00Z", timeMax: "2026-12-03T23:45:00Z" }), t.access_token)).json()) as calendar_v3.Schema$Events;
    expect(late.items!.map((e) => e.summary)).toEqual(["All day"]);

    const page1 = (await (await api(path({ maxResults: "1" }), t.access_token)).json()) as calendar_v3.Schema$Events;
    expect(page1.items!.map((e) => e.summary)).toEqual(["B"]);
    const page2 = (await (await api(path({ maxResults: "1", pageToken: page1.nextPageToken! }), t.access_token)).json()) as calendar_v3.Schema$Events;
    expect(page2.items!.map((e) => e.summary)).toEqual(["All day"]);
    expect(page2.nextPageToken).toBeUndefined();

    expect((await api(`/calendar/v3/calendars/nope/events`, t.access_token)).status).toBe(404);
    em.fault = "unavailable";
    expect((await api(path({}), t.access_token)).status).toBe(503);
    em.fault = null;
  });

  test("with a state file the client, refresh tokens and events survive a restart", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "kr-google-em-")), "google-emulator.json");
    const first = await startGoogleEmulator({ stateFile });
    const c = await fetch(`${first.url}/o/oauth2/v2/auth/decide`, { method: "POST", body: new URLSearchParams({ redirect_uri: REDIRECT, decision: "allow" }), redirect: "manual" });
    const codeValue = new URL(c.headers.get("location")!).searchParams.get("code")!;
    const t = (await (await fetch(`${first.url}/token`, { method: "POST", body: new URLSearchParams({ client_id: first.clientId, client_secret: first.clientSecret, grant_type: "authorization_code", code: codeValue, redirect_uri: REDIRECT }) })).json()) as { refresh_token: string };
    const demoEvents = first.events(DEMO_CALENDAR_ID).length;
    expect(demoEvents).toBe(5);
    const clientId = first.clientId;
    await first.close();
    const second = await startGoogleEmulator({ stateFile });
    try {
      expect(second.clientId).toBe(clientId);
      expect(second.events(DEMO_CALENDAR_ID).length).toBe(demoEvents);
      const refreshed = await fetch(`${second.url}/token`, { method: "POST", body: new URLSearchParams({ client_id: second.clientId, client_secret: second.clientSecret, grant_type: "refresh_token", refresh_token: t.refresh_token }) });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
