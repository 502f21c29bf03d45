import type * as GoogleCalendarLibrary from "@googleapis/calendar";
import type { calendar_v3 } from "@googleapis/calendar";
import type { GoogleConfig } from "../../config";
import type { Logger } from "../../lib/logger";
import { resolveTokenKey, tokenCipher, type TokenCipher } from "./crypto";
import { startGoogleEmulator, type GoogleEmulator } from "./emulator";

/**
 * The Google Calendar integration: the official `@googleapis/calendar` client and its OAuth2 client
 * (google-auth-library), pointed at Google or at the local emulator (emulator.ts) through `rootUrl`
 * and the OAuth2 client's `endpoints`. The code that uses it is the same either way; only `emulator`
 * tells which one is behind it. Every failure comes out as a `GoogleError` of one of four kinds, so
 * the calendar domain maps them to its error codes in one place.
 */
export type GoogleCalendarApi = {
  /** Google's consent page for the read-only calendar scope, with a refresh token (offline, prompt=consent). */
  consentUrl(state: string): string;
  /** The code from the callback → tokens (the refresh token only comes with prompt=consent). */
  exchangeCode(code: string): Promise<GoogleTokens & { refreshToken: string }>;
  /** A new access token for a refresh token; kind "revoked" when Google answers invalid_grant. */
  refresh(refreshToken: string): Promise<GoogleTokens>;
  /** The calendars of the account (calendarList.list, every page). */
  listCalendars(accessToken: string): Promise<calendar_v3.Schema$CalendarListEntry[]>;
  /** Single events (recurring ones expanded) overlapping [timeMin, timeMax), every page. */
  listEvents(accessToken: string, calendarId: string, timeMin: Date, timeMax: Date, pageSize?: number): Promise<calendar_v3.Schema$Event[]>;
  /**
   * The busy times of one calendar overlapping [timeMin, timeMax) (freebusy.query: times only, never titles); kind
   * "not_found" when Google names the calendar among its errors.
   */
  freeBusy(accessToken: string, calendarId: string, timeMin: Date, timeMax: Date): Promise<{ start: Date; end: Date }[]>;
  /** where the consent flow returns to: PUBLIC_URL + GOOGLE_OAUTH_CALLBACK_PATH */
  redirectUri: string;
  cipher: TokenCipher;
  /** the in-process emulator (offline default and tests), null against Google */
  emulator: GoogleEmulator | null;
  close(): Promise<void>;
};

export type GoogleTokens = { accessToken: string; expiresAt: Date; scope: string | null; refreshToken?: string | null };

export const GOOGLE_OAUTH_CALLBACK_PATH = "/api/google/oauth/callback";
export const GOOGLE_CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.readonly";
const TIMEOUT_MS = 15_000;

/** unavailable: network, timeout, 5xx, 429; revoked: invalid_grant; unauthorized: 401/403 of the API; not_found: 404 */
export type GoogleErrorKind = "unavailable" | "revoked" | "unauthorized" | "not_found";
export class GoogleError extends Error {
  override name = "GoogleError";
  constructor(
    readonly kind: GoogleErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `@googleapis/calendar` (with google-auth-library and gaxios: one of the heaviest imports of the server) is loaded when
 * the first OAuth2 or calendar client is made, not when the server starts (server/README.md "Cold start"); a
 * production server without GOOGLE_CLIENT_ID never loads it. `require` keeps it synchronous (consentUrl is), and the
 * bundled binary evaluates the library only then.
 */
let googleLibrary: typeof GoogleCalendarLibrary | undefined;
function googleApis(): typeof GoogleCalendarLibrary {
  googleLibrary ??= require("@googleapis/calendar") as typeof GoogleCalendarLibrary;
  return googleLibrary;
}

function classify(error: unknown, during: "token" | "api"): GoogleError {
  if (error instanceof GoogleError) return error;
  const e = error as { response?: { status?: number; data?: unknown }; message?: string };
  const status = e.response?.status;
  const data = e.response?.data as { error?: unknown } | undefined;
  const message = e.message ?? String(error);
  if (during === "token" && status !== undefined && status >= 400 && status < 500 && status !== 429) {
    // invalid_grant: the refresh token was revoked or expired (or a code was used twice); invalid_client: our client is wrong.
    return new GoogleError("revoked", `${data?.error ?? status}: ${message}`);
  }
  if (status === 401 || status === 403) return new GoogleError("unauthorized", message);
  if (status === 404 || status === 410) return new GoogleError("not_found", message);
  return new GoogleError("unavailable", message);
}

type Endpoints = { rootUrl: string | undefined; oauth2AuthBaseUrl: string | undefined; oauth2TokenUrl: string | undefined };

function createApi(cfg: { clientId: string; clientSecret: string; endpoints: Endpoints; redirectUri: string; cipher: TokenCipher; emulator: GoogleEmulator | null }): GoogleCalendarApi {
  const { endpoints } = cfg;
  const oauth = () =>
    new (googleApis().auth.OAuth2)({
      clientId: cfg.clientId,
      clientSecret: cfg.clientSecret,
      redirectUri: cfg.redirectUri,
      endpoints: {
        ...(endpoints.oauth2AuthBaseUrl ? { oauth2AuthBaseUrl: endpoints.oauth2AuthBaseUrl } : {}),
        ...(endpoints.oauth2TokenUrl ? { oauth2TokenUrl: endpoints.oauth2TokenUrl } : {}),
      },
      transporterOptions: { timeout: TIMEOUT_MS },
    });
  /** A calendar client that only carries the given access token (no silent refresh: the domain stores refreshed tokens). */
  const api = (accessToken: string) => {
    const client = oauth();
    client.setCredentials({ access_token: accessToken });
    return googleApis().calendar({ version: "v3", auth: client, timeout: TIMEOUT_MS, retry: false, ...(endpoints.rootUrl ? { rootUrl: endpoints.rootUrl } : {}) });
  };
  const tokens = (c: { access_token?: string | null; expiry_date?: number | null; scope?: string | null; refresh_token?: string | null }): GoogleTokens => {
    if (!c.access_token) throw new GoogleError("unavailable", "no access token in Google's answer");
    return { accessToken: c.access_token, expiresAt: new Date(c.expiry_date ?? Date.now() + 3600_000), scope: c.scope ?? null, refreshToken: c.refresh_token ?? null };
  };
  return {
    redirectUri: cfg.redirectUri,
    cipher: cfg.cipher,
    emulator: cfg.emulator,
    consentUrl(state) {
      return oauth().generateAuthUrl({ access_type: "offline", prompt: "consent", scope: [GOOGLE_CALENDAR_SCOPE], state, include_granted_scopes: true });
    },
    async exchangeCode(code) {
      try {
        const { tokens: t } = await oauth().getToken({ code, redirect_uri: cfg.redirectUri });
        const out = tokens(t);
        if (!out.refreshToken) throw new GoogleError("revoked", "Google sent no refresh token");
        return { ...out, refreshToken: out.refreshToken };
      } catch (error) {
        throw classify(error, "token");
      }
    },
    async refresh(refreshToken) {
      const client = oauth();
      client.setCredentials({ refresh_token: refreshToken });
      try {
        const { credentials } = await client.refreshAccessToken();
        return tokens(credentials);
      } catch (error) {
        throw classify(error, "token");
      }
    },
    async listCalendars(accessToken) {
      const items: calendar_v3.Schema$CalendarListEntry[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < 20; page++) {
          const res = await api(accessToken).calendarList.list({ maxResults: 250, ...(pageToken ? { pageToken } : {}) });
          items.push(...(res.data.items ?? []));
          pageToken = res.data.nextPageToken ?? undefined;
          if (!pageToken) break;
        }
      } catch (error) {
        throw classify(error, "api");
      }
      return items;
    },
    async listEvents(accessToken, calendarId, timeMin, timeMax, pageSize = 250) {
      const items: calendar_v3.Schema$Event[] = [];
      let pageToken: string | undefined;
      try {
        // 90 days of a busy hall are a few hundred events; 40 pages bound a runaway calendar.
        for (let page = 0; page < 40; page++) {
          const res = await api(accessToken).events.list({
            calendarId,
            singleEvents: true,
            timeMin: timeMin.toISOString(),
            timeMax: timeMax.toISOString(),
            maxResults: pageSize,
            ...(pageToken ? { pageToken } : {}),
          });
          items.push(...(res.data.items ?? []));
          pageToken = res.data.nextPageToken ?? undefined;
          if (!pageToken) break;
        }
      } catch (error) {
        throw classify(error, "api");
      }
      return items;
    },
    async freeBusy(accessToken, calendarId, timeMin, timeMax) {
      let answer: calendar_v3.Schema$FreeBusyCalendar | undefined;
      try {
        const res = await api(accessToken).freebusy.query({
          requestBody: { timeMin: timeMin.toISOString(), timeMax: timeMax.toISOString(), timeZone: "Europe/Berlin", items: [{ id: calendarId }] },
        });
        answer = res.data.calendars?.[calendarId];
      } catch (error) {
        throw classify(error, "api");
      }
      // Google answers 200 and puts a calendar it cannot read among the calendar's errors (reason notFound)
      if (!answer || answer.errors?.length) throw new GoogleError(answer?.errors?.[0]?.reason === "notFound" || !answer ? "not_found" : "unavailable", `freeBusy: ${answer?.errors?.[0]?.reason ?? "no answer for the calendar"}`);
      return (answer.busy ?? [])
        .map((b) => ({ start: new Date(b.start ?? ""), end: new Date(b.end ?? "") }))
        .filter((b) => !Number.isNaN(b.start.getTime()) && !Number.isNaN(b.end.getTime()) && b.start < b.end);
    },
    close: async () => {
      await cfg.emulator?.close();
    },
  };
}

/**
 * Google Calendar as the configuration says: null when off (production without a client id);
 * against Google (or GOOGLE_API_BASE) with the configured client; or, outside production without
 * one, an emulator started in-process whose client, tokens and calendars are kept in `stateFile`.
 */
export async function createGoogleCalendar(
  cfg: GoogleConfig,
  opts: { publicUrl: string; keyFile: string; stateFile?: string; logger?: Logger },
): Promise<GoogleCalendarApi | null> {
  if (cfg.mode === "off") return null;
  const redirectUri = `${opts.publicUrl}${GOOGLE_OAUTH_CALLBACK_PATH}`;
  const cipher = tokenCipher(resolveTokenKey(cfg.tokenKey, opts.keyFile));
  if (cfg.mode === "google") {
    const base = cfg.apiBase;
    return createApi({
      clientId: cfg.clientId,
      clientSecret: cfg.clientSecret,
      redirectUri,
      cipher,
      emulator: null,
      endpoints: base
        ? { rootUrl: `${base}/`, oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`, oauth2TokenUrl: `${base}/token` }
        : { rootUrl: undefined, oauth2AuthBaseUrl: undefined, oauth2TokenUrl: undefined },
    });
  }
  const emulator = await startGoogleEmulator({ stateFile: opts.stateFile });
  return createApi({
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    redirectUri,
    cipher,
    emulator,
    endpoints: { rootUrl: `${emulator.url}/`, oauth2AuthBaseUrl: `${emulator.url}/o/oauth2/v2/auth`, oauth2TokenUrl: `${emulator.url}/token` },
  });
}

/** The API against an emulator started elsewhere (tests), as GOOGLE_API_BASE would configure it. */
export function googleCalendarFor(emulator: GoogleEmulator, opts: { publicUrl: string; cipher: TokenCipher }): GoogleCalendarApi {
  return createApi({
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    redirectUri: `${opts.publicUrl}${GOOGLE_OAUTH_CALLBACK_PATH}`,
    cipher: opts.cipher,
    emulator,
    endpoints: { rootUrl: `${emulator.url}/`, oauth2AuthBaseUrl: `${emulator.url}/o/oauth2/v2/auth`, oauth2TokenUrl: `${emulator.url}/token` },
  });
}
