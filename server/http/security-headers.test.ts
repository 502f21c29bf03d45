import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { parseConfig } from "../config";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";
import { EARLY_TAPS_SCRIPT_SOURCE } from "./early-taps";
import { contentSecurityPolicy, permissionsPolicy, securityHeaders } from "./security-headers";

/** Issue 23, item 10: a Content-Security-Policy, HSTS over https and a Permissions-Policy on every answer. */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

/** The policy as a map of directive → sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe("security headers", () => {
  test("every answer of the app carries them: API, 404, uploads; development pages keep only frame-ancestors", async () => {
    const client = httpClient(deps);
    for (const path of ["/api/health", "/trpc/regions.list", "/api/nothing-here", "/uploads/none.jpg", "/some/page"]) {
      const res = await client.request(path);
      const csp = directives(res.headers.get("content-security-policy") ?? "");
      expect(csp["default-src"], path).toEqual(["'self'"]);
      expect(csp["script-src"]?.[0], path).toBe("'self'");
      expect(csp["frame-ancestors"], path).toEqual(["'self'"]);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(res.headers.get("permissions-policy"), path).toContain("geolocation=(self)");
      // the tests' PUBLIC_URL is plain http on localhost: no HSTS
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }
    const mails = await client.request("/dev/mails");
    expect(mails.status).toBe(200);
    expect(mails.headers.get("content-security-policy")).toBe("frame-ancestors 'self'");
  });

  test("nothing inline may run: no 'unsafe-inline' or 'unsafe-eval' for scripts, stylesheets only from here", () => {
    for (const env of [{ NODE_ENV: "production" }, { NODE_ENV: "development" }, { NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" }]) {
      const csp = directives(contentSecurityPolicy(parseConfig(env)));
      expect(csp["script-src"]).not.toContain("'unsafe-inline'");
      expect(csp["script-src"]).not.toContain("'unsafe-eval'");
      // one inline script, allowed by the hash of its text: the early-taps holder (early-taps.ts)
      expect(csp["script-src"]!.filter((source) => source.startsWith("'sha"))).toEqual([EARLY_TAPS_SCRIPT_SOURCE]);
      expect(csp["style-src"]).toEqual(["'self'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["base-uri"]).toEqual(["'self'"]);
      expect(csp["worker-src"]).toEqual(["'self'", "blob:"]);
    }
  });

  test("Stripe.js, its frames and API only when the browser may use Stripe (a publishable key, or the emulator outside production)", () => {
    const live = directives(contentSecurityPolicy(parseConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" })));
    expect(live["script-src"]).toEqual(["'self'", EARLY_TAPS_SCRIPT_SOURCE, "https://js.stripe.com", "https://*.js.stripe.com"]);
    // any https frame: Stripe's, and a tournament's plan page (server/http/README.md "Frames for tournament plans")
    expect(live["frame-src"]).toEqual(["https:"]);
    expect(live["connect-src"]).toContain("https://api.stripe.com");
    const noKey = directives(contentSecurityPolicy(parseConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })));
    expect(noKey["script-src"]).toEqual(["'self'", EARLY_TAPS_SCRIPT_SOURCE]);
    expect(noKey["frame-src"]).toEqual(["https:"]);
    const off = directives(contentSecurityPolicy(parseConfig({ NODE_ENV: "production" })));
    expect(off["script-src"]).toEqual(["'self'", EARLY_TAPS_SCRIPT_SOURCE]);
    const emulator = directives(contentSecurityPolicy(parseConfig({ NODE_ENV: "development" })));
    expect(emulator["script-src"]).toContain("https://js.stripe.com");
    expect(permissionsPolicy(parseConfig({ NODE_ENV: "production" }))).toContain("payment=()");
  });

  test("the map's host (MAP_STYLE_URL, the production default, MAP_EXTRA_ORIGINS) and UPLOADS_PUBLIC_URL's host may be loaded from", () => {
    const production = directives(contentSecurityPolicy(parseConfig({ NODE_ENV: "production", UPLOADS_PUBLIC_URL: "https://cdn.example.org/files" })));
    expect(production["connect-src"]).toEqual(["'self'", "https://tiles.openfreemap.org"]);
    expect(production["img-src"]).toEqual(["'self'", "data:", "blob:", "https://cdn.example.org", "https://tiles.openfreemap.org"]);
    const configured = directives(
      contentSecurityPolicy(parseConfig({ NODE_ENV: "production", MAP_STYLE_URL: "https://maps.example.org/style.json", MAP_EXTRA_ORIGINS: "https://tiles.example.net, https://glyphs.example.com" })),
    );
    expect(configured["connect-src"]).toEqual(["'self'", "https://maps.example.org", "https://tiles.example.net", "https://glyphs.example.com"]);
    // the local test map and /uploads are this origin
    const local = directives(contentSecurityPolicy(parseConfig({ NODE_ENV: "test", SEED: "none" })));
    expect(local["img-src"]).toEqual(["'self'", "data:", "blob:", "https://*.stripe.com"]);
    expect(() => parseConfig({ MAP_EXTRA_ORIGINS: "tiles.example.net" })).toThrow(/MAP_EXTRA_ORIGINS: /);
  });

  test("HSTS and upgrade-insecure-requests only when PUBLIC_URL is https", () => {
    const https = securityHeaders(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://kickrunde.example" }));
    expect(https.app["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(https.app["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    const http = securityHeaders(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3000" }));
    expect(http.app["Strict-Transport-Security"]).toBeUndefined();
    expect(http.app["Content-Security-Policy"]).not.toContain("upgrade-insecure-requests");
  });

  test("the Permissions-Policy: location for this origin, no camera or microphone", () => {
    const policy = permissionsPolicy(parseConfig({ NODE_ENV: "production" }));
    expect(policy).toContain("geolocation=(self)");
    expect(policy).toContain("camera=()");
    expect(policy).toContain("microphone=()");
  });
});
