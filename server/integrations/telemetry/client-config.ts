import type { TClientTelemetry } from "@shared/telemetry";
import type { Config } from "../../config";
import { buildVersion } from "./release";

/**
 * What the browser is told (GET /api/telemetry): error reporting with CLIENT_ERROR_REPORTING_DSN, for pages on
 * PUBLIC_URL's host only, with the server's release; the tracker with ANALYTICS_URL and ANALYTICS_SITE_ID.
 */
export function clientTelemetry(config: Pick<Config, "publicUrl" | "telemetry">): TClientTelemetry {
  const { clientDsn, analytics } = config.telemetry;
  return {
    errorReporting: clientDsn ? { dsn: clientDsn, release: buildVersion(), productionHost: new URL(config.publicUrl).host } : null,
    analytics,
  };
}

/** The origins pages send telemetry to, for the Content-Security-Policy's connect-src (none when off). */
export function telemetryOrigins(config: Pick<Config, "telemetry">): string[] {
  const { clientDsn, analytics } = config.telemetry;
  return [clientDsn, analytics?.url].flatMap((url) => (url ? [new URL(url).origin] : []));
}
