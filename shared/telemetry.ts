/**
 * What the browser learns about error reporting and analytics (GET /api/telemetry, server/http/telemetry.ts):
 * each part null when off (the default). The client loads nothing and sends nothing for a part that is null
 * (client/src/lib/telemetry.ts); decisions in server/integrations/telemetry/README.md.
 */
export type TClientTelemetry = {
  errorReporting: {
    dsn: string;
    /** the build's version, the same as the server's reports */
    release: string;
    /** reports only from pages served on this host (PUBLIC_URL's), never from a copy or a development server */
    productionHost: string;
  } | null;
  analytics: { url: string; siteId: number } | null;
};

/**
 * The answer of GET /api/telemetry read without zod (the client's telemetry chunk would otherwise bring zod, about
 * 22 KiB brotli, onto every first screen): null for anything not of that shape, so nothing is reported or counted.
 */
export function readClientTelemetry(value: unknown): TClientTelemetry | null {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isRecord(value)) return null;
  const { errorReporting, analytics } = value;
  let reporting: TClientTelemetry["errorReporting"] = null;
  if (errorReporting !== null) {
    if (!isRecord(errorReporting)) return null;
    const { dsn, release, productionHost } = errorReporting;
    if (typeof dsn !== "string" || typeof release !== "string" || typeof productionHost !== "string") return null;
    reporting = { dsn, release, productionHost };
  }
  let counting: TClientTelemetry["analytics"] = null;
  if (analytics !== null) {
    if (!isRecord(analytics)) return null;
    const { url, siteId } = analytics;
    if (typeof url !== "string" || typeof siteId !== "number" || !Number.isInteger(siteId) || siteId <= 0) return null;
    counting = { url, siteId };
  }
  return { errorReporting: reporting, analytics: counting };
}

export const TELEMETRY_CONFIG_PATH = "/api/telemetry";

/** The tracker's heartbeat while a page is visible (spec 001 section 9, spec 000 section 7). */
export const ANALYTICS_HEARTBEAT_MS = 10_000;

/** Pages never counted (spec 001 section 1): the court-availability calendar, embedded on court owners' sites. */
export function isUntrackedPath(pathname: string): boolean {
  return /^\/court-availability-calendar\/[^/]+(\/.*)?$/.test(pathname);
}

/** The parts of an error report (a Sentry event) that can carry personal data. */
type ReportFields = {
  user?: { id?: string | number | undefined } | undefined;
  request?: { url?: string | undefined; method?: string | undefined } | undefined;
  breadcrumbs?: unknown;
};

/**
 * An error report as it may leave us (issue 27): the user only as `{ id }` (no e-mail, name or IP address), the
 * request only as its method and path (no cookies, headers, body, query string with tokens), no breadcrumbs
 * (they hold clicked texts and visited URLs). Run as `beforeSend` by both the browser's and the server's client.
 */
export function withoutPersonalData<E extends ReportFields>(event: E): E {
  const { user, request, breadcrumbs: _breadcrumbs, ...rest } = event;
  const out: ReportFields = rest;
  if (user?.id !== undefined && user.id !== "") out.user = { id: String(user.id) };
  if (request) out.request = { method: request.method, url: request.url?.split(/[?#]/)[0] };
  return out as E;
}
