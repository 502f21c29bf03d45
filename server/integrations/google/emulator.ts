import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { calendar_v3 } from "@googleapis/calendar";
import { addBerlinDays, berlinDateTimeToInstant, startOfBerlinDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";

/**
 * A local stand-in for the part of Google Kickrunde uses, for tests and the offline default (never
 * production, see config.ts): an HTTP server on 127.0.0.1 that the official `@googleapis/calendar`
 * client talks to through its `rootUrl` and the OAuth2 client's `endpoints` (client.ts).
 *
 * - GET /o/oauth2/v2/auth: the consent page (one "Allow" button), which sends the browser back to the
 *   redirect URI with `code` and `state` (or `error=access_denied`).
 * - POST /token: Google's token endpoint, grants `authorization_code` (single-use codes bound to
 *   client and redirect URI) and `refresh_token`; access tokens expire (`accessTokenTtlSeconds`);
 *   errors in Google's shape (`{ error: "invalid_grant", error_description }`).
 * - GET /calendar/v3/users/me/calendarList and /calendar/v3/calendars/{id}/events (timeMin, timeMax,
 *   singleEvents, showDeleted, maxResults, pageToken), and POST /calendar/v3/freeBusy (items, timeMin, timeMax;
 *   "primary" is the account's primary calendar), answering `calendar_v3` types of the client package, so the
 *   emulator cannot drift from what the client reads.
 *
 * One emulated Google account with a primary calendar (two personal events in the next days, issue 29's
 * overlap warning) and the demo calendar "Hallenbelegung Soccerhalle" (events in the next days). Test controls are methods of the returned object, never
 * HTTP routes. With `stateFile` client, refresh tokens, calendars and events survive restarts (the
 * offline default keeps its link).
 */
export type GoogleEmulatorOptions = {
  hostname?: string;
  port?: number;
  stateFile?: string;
  now?: () => number;
  accessTokenTtlSeconds?: number;
  /** the demo calendar and its events (default true) */
  demo?: boolean;
};

export type EmulatedEventInput = {
  summary: string;
  /** a timed event: start and end instants */
  start?: Date;
  end?: Date;
  /** an all-day event: first day and the day after the last (exclusive, as Google has it), YYYY-MM-DD */
  startDate?: string;
  endDate?: string;
  transparency?: "opaque" | "transparent";
  id?: string;
};

type StoredCalendar = { entry: calendar_v3.Schema$CalendarListEntry; events: calendar_v3.Schema$Event[] };
type State = {
  clientId: string;
  clientSecret: string;
  refreshTokens: Record<string, { scope: string; revoked: boolean }>;
  calendars: StoredCalendar[];
};

export const DEMO_CALENDAR_ID = "hallenbelegung-soccerhalle@group.calendar.google.com";
export const DEMO_CALENDAR_SUMMARY = "Hallenbelegung Soccerhalle";
export const EMULATED_ACCOUNT = "kickrunde.demo@gmail.com";
const SCOPE = "https://www.googleapis.com/auth/calendar.readonly";

const token = (prefix: string, bytes = 24) => `${prefix}${randomBytes(bytes).toString("base64url")}`;
/** Google event ids: base32hex characters (a-v, 0-9). */
const eventId = () => Array.from(randomBytes(20), (b) => "0123456789abcdefghijklmnopqrstuv"[b % 32]).join("");

function demoEvents(now: number): EmulatedEventInput[] {
  const today = berlinDay(new Date(now));
  const at = (days: number, time: string) => berlinDateTimeToInstant(addBerlinDays(today, days), time);
  return [
    { summary: "Training FC Kreuzberg", start: at(1, "18:00"), end: at(1, "20:00") },
    { summary: "Firmenturnier Nord", start: at(2, "10:00"), end: at(2, "14:00") },
    { summary: "Hausmeister-Notiz", start: at(2, "08:00"), end: at(2, "09:00"), transparency: "transparent" },
    { summary: "Hallenpflege", startDate: addBerlinDays(today, 4), endDate: addBerlinDays(today, 5) },
    { summary: "Jugendtraining", start: at(5, "16:00"), end: at(5, "17:30") },
  ];
}

/** The emulated account's own appointments (its primary calendar): what a player's free/busy shows. */
function demoPersonalEvents(now: number): EmulatedEventInput[] {
  const today = berlinDay(new Date(now));
  const at = (days: number, time: string) => berlinDateTimeToInstant(addBerlinDays(today, days), time);
  return [
    { summary: "Zahnarzt", start: at(1, "18:00"), end: at(1, "19:00") },
    { summary: "Geburtstag Lena", start: at(3, "19:00"), end: at(3, "23:00") },
    { summary: "Lesezeit", start: at(3, "12:00"), end: at(3, "13:00"), transparency: "transparent" },
  ];
}

export type GoogleEmulator = Awaited<ReturnType<typeof startGoogleEmulator>>;

export async function startGoogleEmulator(options: GoogleEmulatorOptions = {}) {
  const now = options.now ?? Date.now;
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const persisted = options.stateFile && existsSync(options.stateFile) ? (JSON.parse(readFileSync(options.stateFile, "utf8")) as State) : null;
  const state: State = persisted ?? { clientId: token("emulator-", 9) + ".apps.googleusercontent.com", clientSecret: token("GOCSPX-"), refreshTokens: {}, calendars: [] };
  /** access token → its refresh token and expiry (memory only: after a restart clients refresh) */
  const accessTokens = new Map<string, { refreshToken: string; expiresAt: number }>();
  const codes = new Map<string, { redirectUri: string; scope: string; expiresAt: number }>();
  const requests: { method: string; path: string; at: number }[] = [];

  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(dirname(options.stateFile), { recursive: true });
    const tmp = `${options.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, options.stateFile);
  };

  const calendarOf = (id: string) => state.calendars.find((c) => c.entry.id === id);

  function addCalendar(summary: string, id = `${token("c_", 12).toLowerCase().replace(/[^a-z0-9_]/g, "0")}@group.calendar.google.com`, primary = false): calendar_v3.Schema$CalendarListEntry {
    const entry: calendar_v3.Schema$CalendarListEntry = {
      kind: "calendar#calendarListEntry",
      etag: `"${now()}"`,
      id,
      summary,
      timeZone: "Europe/Berlin",
      accessRole: "owner",
      backgroundColor: "#16a765",
      foregroundColor: "#000000",
      selected: true,
      ...(primary ? { primary: true } : {}),
      defaultReminders: [],
    };
    state.calendars.push({ entry, events: [] });
    save();
    return entry;
  }

  function toEvent(input: EmulatedEventInput, id: string, created: string): calendar_v3.Schema$Event {
    const timed = input.start && input.end;
    if (!timed && !(input.startDate && input.endDate)) throw new Error("an event needs start and end, or startDate and endDate");
    return {
      kind: "calendar#event",
      etag: `"${now()}"`,
      id,
      status: "confirmed",
      htmlLink: `https://www.google.com/calendar/event?eid=${id}`,
      created,
      updated: new Date(now()).toISOString(),
      summary: input.summary,
      creator: { email: EMULATED_ACCOUNT, self: true },
      organizer: { email: EMULATED_ACCOUNT, self: true },
      start: timed ? { dateTime: input.start!.toISOString(), timeZone: "Europe/Berlin" } : { date: input.startDate! },
      end: timed ? { dateTime: input.end!.toISOString(), timeZone: "Europe/Berlin" } : { date: input.endDate! },
      ...(input.transparency === "transparent" ? { transparency: "transparent" } : {}),
      iCalUID: `${id}@google.com`,
      sequence: 0,
      eventType: "default",
    };
  }

  function addEvent(calendarId: string, input: EmulatedEventInput): calendar_v3.Schema$Event {
    const cal = calendarOf(calendarId);
    if (!cal) throw new Error(`no calendar ${calendarId}`);
    const event = toEvent(input, input.id ?? eventId(), new Date(now()).toISOString());
    cal.events.push(event);
    save();
    return event;
  }

  function updateEvent(calendarId: string, id: string, input: EmulatedEventInput): calendar_v3.Schema$Event {
    const cal = calendarOf(calendarId);
    const i = cal?.events.findIndex((e) => e.id === id) ?? -1;
    if (!cal || i < 0) throw new Error(`no event ${id} in ${calendarId}`);
    const event = { ...toEvent(input, id, cal.events[i]!.created!), sequence: (cal.events[i]!.sequence ?? 0) + 1 };
    cal.events[i] = event;
    save();
    return event;
  }

  /** Deletes an event as Google does: it stays as `status: "cancelled"` (seen only with showDeleted). */
  function removeEvent(calendarId: string, id: string): void {
    const event = calendarOf(calendarId)?.events.find((e) => e.id === id);
    if (!event) throw new Error(`no event ${id} in ${calendarId}`);
    event.status = "cancelled";
    event.updated = new Date(now()).toISOString();
    save();
  }

  if (!persisted) {
    addCalendar(EMULATED_ACCOUNT, EMULATED_ACCOUNT, true);
    if (options.demo !== false) {
      for (const e of demoPersonalEvents(now())) addEvent(EMULATED_ACCOUNT, e);
      addCalendar(DEMO_CALENDAR_SUMMARY, DEMO_CALENDAR_ID);
      for (const e of demoEvents(now())) addEvent(DEMO_CALENDAR_ID, e);
    }
  }

  // ------------------------------------------------------------------------------------------
  // HTTP

  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  const oauthError = (error: string, description: string, status = 400) => json({ error, error_description: description }, status);
  const apiError = (code: number, status: string, message: string, reason: string) =>
    json({ error: { code, message, errors: [{ message, domain: "global", reason }], status } }, code);
  let fault: null | "unavailable" = null;

  function issueAccessToken(refreshToken: string) {
    const access = token("ya29.emu-", 30);
    accessTokens.set(access, { refreshToken, expiresAt: now() + ttl * 1000 });
    return access;
  }

  function clientAuthenticated(req: Request, form: URLSearchParams): boolean {
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = req.headers.get("authorization")?.match(/^Basic\s+(\S+)$/i)?.[1];
    if (basic) [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":") as [string, string];
    return id === state.clientId && secret === state.clientSecret;
  }

  async function tokenEndpoint(req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    if (!clientAuthenticated(req, form)) return oauthError("invalid_client", "The OAuth client was not found.", 401);
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      if (code) codes.delete(form.get("code")!);
      if (!code || code.expiresAt < now()) return oauthError("invalid_grant", "Malformed auth code.");
      if (code.redirectUri !== form.get("redirect_uri")) return oauthError("redirect_uri_mismatch", "Bad Request");
      const refresh = token("1//emu-", 30);
      state.refreshTokens[refresh] = { scope: code.scope, revoked: false };
      save();
      return json({ access_token: issueAccessToken(refresh), expires_in: ttl, refresh_token: refresh, scope: code.scope, token_type: "Bearer" });
    }
    if (grant === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      const known = state.refreshTokens[refresh];
      if (!known || known.revoked) return oauthError("invalid_grant", "Token has been expired or revoked.");
      return json({ access_token: issueAccessToken(refresh), expires_in: ttl, scope: known.scope, token_type: "Bearer" });
    }
    return oauthError("unsupported_grant_type", "Invalid grant_type: " + (grant ?? ""));
  }

  function consentPage(url: URL): Response {
    const p = url.searchParams;
    const redirectUri = p.get("redirect_uri") ?? "";
    if (p.get("client_id") !== state.clientId) return html("Fehler 401: invalid_client", "<p>The OAuth client was not found.</p>", 401);
    if (!/^https?:\/\//.test(redirectUri) || p.get("response_type") !== "code") return html("Fehler 400: invalid_request", "<p>Missing or invalid redirect_uri or response_type.</p>", 400);
    const hidden = ["redirect_uri", "state", "scope"].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p.get(k) ?? "")}">`).join("");
    return html(
      "Sign in with Google (emulator)",
      `<p class="who">${escapeHtml(EMULATED_ACCOUNT)}</p>
       <h1>Kickrunde wants to access your Google Account</h1>
       <p>This will allow Kickrunde to <b>see and download any calendar you can access using your Google Calendar</b>.</p>
       <form method="post" action="/o/oauth2/v2/auth/decide">${hidden}
         <button name="decision" value="deny" class="secondary">Cancel</button>
         <button name="decision" value="allow">Allow</button>
       </form>
       <p class="note">Local Google emulator for development and tests.</p>`,
    );
  }

  async function decide(req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    const redirectUri = form.get("redirect_uri") ?? "";
    if (!/^https?:\/\//.test(redirectUri)) return html("Fehler 400: invalid_request", "<p>Invalid redirect_uri.</p>", 400);
    const target = new URL(redirectUri);
    if (form.get("decision") === "allow") {
      const code = token("4/emu-", 24);
      codes.set(code, { redirectUri, scope: form.get("scope") || SCOPE, expiresAt: now() + 5 * 60_000 });
      target.searchParams.set("code", code);
      target.searchParams.set("scope", form.get("scope") || SCOPE);
    } else {
      target.searchParams.set("error", "access_denied");
    }
    if (form.get("state")) target.searchParams.set("state", form.get("state")!);
    return new Response(null, { status: 302, headers: { Location: target.toString() } });
  }

  function authorized(req: Request): Response | null {
    const bearer = req.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? "";
    const access = accessTokens.get(bearer);
    if (!access || access.expiresAt <= now() || state.refreshTokens[access.refreshToken]?.revoked !== false) {
      return apiError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.", "authError");
    }
    return null;
  }

  function listCalendars(): Response {
    const body: calendar_v3.Schema$CalendarList = {
      kind: "calendar#calendarList",
      etag: `"${now()}"`,
      nextSyncToken: token("sync-", 8),
      items: state.calendars.map((c) => c.entry),
    };
    return json(body);
  }

  /** Where an event starts and ends (all-day events in the calendar's zone, Europe/Berlin). */
  const bounds = (e: calendar_v3.Schema$Event): [number, number] => [
    e.start?.dateTime ? Date.parse(e.start.dateTime) : startOfBerlinDay(e.start!.date!).getTime(),
    e.end?.dateTime ? Date.parse(e.end.dateTime) : startOfBerlinDay(e.end!.date!).getTime(),
  ];

  function listEvents(calendarId: string, p: URLSearchParams): Response {
    const cal = calendarOf(calendarId);
    if (!cal) return apiError(404, "NOT_FOUND", "Not Found", "notFound");
    const timeMin = p.get("timeMin") ? Date.parse(p.get("timeMin")!) : -Infinity;
    const timeMax = p.get("timeMax") ? Date.parse(p.get("timeMax")!) : Infinity;
    if (Number.isNaN(timeMin) || Number.isNaN(timeMax)) return apiError(400, "INVALID_ARGUMENT", "Bad Request", "badRequest");
    if (timeMin >= timeMax) return apiError(400, "INVALID_ARGUMENT", "The specified time range is empty.", "timeRangeEmpty");
    const maxResults = Math.min(2500, Math.max(1, Number(p.get("maxResults") ?? 250) || 250));
    const offset = p.get("pageToken") ? Number(Buffer.from(p.get("pageToken")!, "base64url").toString("utf8")) : 0;
    if (!Number.isInteger(offset) || offset < 0) return apiError(400, "INVALID_ARGUMENT", "Invalid page token value.", "invalid");
    const showDeleted = p.get("showDeleted") === "true";
    // Timed and all-day events overlapping [timeMin, timeMax): end after timeMin, start before timeMax.
    const matching = cal.events
      .filter((e) => showDeleted || e.status !== "cancelled")
      .filter((e) => {
        const [s, en] = bounds(e);
        return en > timeMin && s < timeMax;
      })
      .sort((a, b) => bounds(a)[0] - bounds(b)[0] || a.id!.localeCompare(b.id!));
    const page = matching.slice(offset, offset + maxResults);
    const more = offset + maxResults < matching.length;
    const body: calendar_v3.Schema$Events = {
      kind: "calendar#events",
      etag: `"${now()}"`,
      summary: cal.entry.summary,
      updated: new Date(now()).toISOString(),
      timeZone: "Europe/Berlin",
      accessRole: "owner",
      defaultReminders: [],
      items: page,
      ...(more ? { nextPageToken: Buffer.from(String(offset + maxResults)).toString("base64url") } : { nextSyncToken: token("sync-", 8) }),
    };
    return json(body);
  }

  /**
   * POST /calendar/v3/freeBusy: busy times of the asked calendars in [timeMin, timeMax) from their opaque, not cancelled
   * events, merged where they touch or overlap; a calendar it does not know is answered among its errors (notFound),
   * as Google does.
   */
  async function freeBusy(req: Request): Promise<Response> {
    let body: calendar_v3.Schema$FreeBusyRequest;
    try {
      body = (await req.json()) as calendar_v3.Schema$FreeBusyRequest;
    } catch {
      return apiError(400, "INVALID_ARGUMENT", "Parse Error", "parseError");
    }
    const timeMin = Date.parse(body.timeMin ?? "");
    const timeMax = Date.parse(body.timeMax ?? "");
    if (Number.isNaN(timeMin) || Number.isNaN(timeMax)) return apiError(400, "INVALID_ARGUMENT", "Bad Request", "badRequest");
    if (timeMin >= timeMax) return apiError(400, "INVALID_ARGUMENT", "The specified time range is empty.", "timeRangeEmpty");
    const calendars: Record<string, calendar_v3.Schema$FreeBusyCalendar> = {};
    for (const item of body.items ?? []) {
      const id = item.id ?? "";
      const cal = id === "primary" ? state.calendars.find((c) => c.entry.primary) : calendarOf(id);
      if (!cal) {
        calendars[id] = { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
        continue;
      }
      const spans = cal.events
        .filter((e) => e.status !== "cancelled" && e.transparency !== "transparent")
        .map(bounds)
        .filter(([s, en]) => en > timeMin && s < timeMax)
        .map(([s, en]) => [Math.max(s, timeMin), Math.min(en, timeMax)] as [number, number])
        .sort((a, b) => a[0] - b[0]);
      const merged: [number, number][] = [];
      for (const span of spans) {
        const last = merged[merged.length - 1];
        if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
        else merged.push([...span]);
      }
      calendars[id] = { busy: merged.map(([s, en]) => ({ start: new Date(s).toISOString(), end: new Date(en).toISOString() })) };
    }
    const answer: calendar_v3.Schema$FreeBusyResponse = { kind: "calendar#freeBusy", timeMin: new Date(timeMin).toISOString(), timeMax: new Date(timeMax).toISOString(), calendars };
    return json(answer);
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    requests.push({ method: req.method, path: url.pathname, at: now() });
    if (fault === "unavailable") return apiError(503, "UNAVAILABLE", "The service is currently unavailable.", "backendError");
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return consentPage(url);
    if (req.method === "POST" && url.pathname === "/o/oauth2/v2/auth/decide") return decide(req);
    if (req.method === "POST" && url.pathname === "/token") return tokenEndpoint(req);
    if (req.method === "GET" && url.pathname.startsWith("/calendar/v3/")) {
      const refused = authorized(req);
      if (refused) return refused;
      if (url.pathname === "/calendar/v3/users/me/calendarList") return listCalendars();
      const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(url.pathname);
      if (m) return listEvents(decodeURIComponent(m[1]!), url.searchParams);
    }
    if (req.method === "POST" && url.pathname === "/calendar/v3/freeBusy") return authorized(req) ?? freeBusy(req);
    return apiError(404, "NOT_FOUND", "Not Found", "notFound");
  }

  const server = Bun.serve({ hostname: options.hostname ?? "127.0.0.1", port: options.port ?? 0, fetch: handle });
  const origin = `http://${server.hostname}:${server.port}`;

  return {
    url: origin,
    get clientId() {
      return state.clientId;
    },
    get clientSecret() {
      return state.clientSecret;
    },
    requests,
    /** null, or "unavailable": every request answers 503 */
    get fault() {
      return fault;
    },
    set fault(f: null | "unavailable") {
      fault = f;
    },
    calendars: () => state.calendars.map((c) => c.entry),
    events: (calendarId: string) => calendarOf(calendarId)?.events ?? [],
    addCalendar: (summary: string, id?: string) => addCalendar(summary, id),
    addEvent,
    updateEvent,
    removeEvent,
    /** Makes every access token expire now (clients must refresh). */
    expireAccessTokens() {
      for (const a of accessTokens.values()) a.expiresAt = now();
    },
    /** The user revoked the app's access in their Google account: refreshing answers invalid_grant. */
    revokeRefreshTokens() {
      for (const t of Object.values(state.refreshTokens)) t.revoked = true;
      save();
    },
    async close() {
      await server.stop(true);
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function html(title: string, body: string, status = 200): Response {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f1f3f4;margin:0;padding:24px;color:#202124}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:20px;font-weight:500}.who{color:#5f6368;font-size:14px}.note{color:#80868b;font-size:12px;margin-top:24px}
form{display:flex;gap:12px;justify-content:flex-end;margin-top:24px}
button{font:inherit;border:0;border-radius:4px;padding:10px 22px;background:#1a73e8;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:#1a73e8}
</style></head><body><main>${body}</main></body></html>`;
  return new Response(page, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
