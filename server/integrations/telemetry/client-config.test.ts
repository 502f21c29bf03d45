import { describe, expect, test } from "bun:test";
import { parseConfig } from "../../config";
import { contentSecurityPolicy } from "../../http/security-headers";
import { clientTelemetry, telemetryOrigins } from "./client-config";
import { buildVersion } from "./release";

const connectSrc = (env: Record<string, string>) => contentSecurityPolicy(parseConfig(env)).split("; ").find((d) => d.startsWith("connect-src "));

describe("telemetry settings", () => {
  test("off by default, also in production: nothing for the browser, no origin in the policy", () => {
    for (const env of [{}, { NODE_ENV: "production" }]) {
      const config = parseConfig(env);
      expect(config.telemetry).toEqual({ serverDsn: null, clientDsn: null, analytics: null });
      expect(clientTelemetry(config)).toEqual({ errorReporting: null, analytics: null });
      expect(telemetryOrigins(config)).toEqual([]);
    }
  });

  test("configured: the browser gets its DSN, the release and PUBLIC_URL's host; the policy allows exactly those origins", () => {
    const env = {
      PUBLIC_URL: "https://kickrunde.de",
      ERROR_REPORTING_DSN: "https://serverkey@errors.example.org/2",
      CLIENT_ERROR_REPORTING_DSN: "https://browserkey@o1.ingest.example.io/5",
      ANALYTICS_URL: "https://stats.example.org/matomo/",
      ANALYTICS_SITE_ID: "4",
    };
    const config = parseConfig(env);
    expect(clientTelemetry(config)).toEqual({
      errorReporting: { dsn: "https://browserkey@o1.ingest.example.io/5", release: buildVersion(), productionHost: "kickrunde.de" },
      analytics: { url: "https://stats.example.org/matomo", siteId: 4 },
    });
    // the server's DSN is never handed to browsers
    expect(JSON.stringify(clientTelemetry(config))).not.toContain("serverkey");
    expect(connectSrc({ ...env, NODE_ENV: "production" })).toContain("'self' https://tiles.openfreemap.org https://o1.ingest.example.io https://stats.example.org");
    expect(connectSrc({ ...env, NODE_ENV: "production" })).not.toContain("errors.example.org");
    // switched off, the same policy without them
    expect(connectSrc({ PUBLIC_URL: env.PUBLIC_URL, NODE_ENV: "production" })).toBe(
      connectSrc({ ...env, NODE_ENV: "production" })!.replace(" https://o1.ingest.example.io https://stats.example.org", ""),
    );
  });

  test("refuses malformed settings, naming them", () => {
    expect(() => parseConfig({ ERROR_REPORTING_DSN: "https://errors.example.org/2" })).toThrow(/ERROR_REPORTING_DSN: must be a DSN/);
    expect(() => parseConfig({ CLIENT_ERROR_REPORTING_DSN: "ftp://k@errors.example.org/2" })).toThrow(/CLIENT_ERROR_REPORTING_DSN: must be a DSN/);
    expect(() => parseConfig({ ANALYTICS_URL: "https://stats.example.org" })).toThrow(/ANALYTICS_URL, ANALYTICS_SITE_ID: set both or neither/);
    expect(() => parseConfig({ ANALYTICS_SITE_ID: "4" })).toThrow(/set both or neither/);
    expect(() => parseConfig({ ANALYTICS_URL: "https://stats.example.org?x=1", ANALYTICS_SITE_ID: "4" })).toThrow(/ANALYTICS_URL: must be an http\(s\) URL/);
    expect(() => parseConfig({ ANALYTICS_URL: "https://stats.example.org", ANALYTICS_SITE_ID: "abc" })).toThrow(/ANALYTICS_SITE_ID: must be the site's numeric id/);
  });
});
