import { DEFAULT_PRODUCTION_MAP_STYLE, type Config } from "../config";
import { telemetryOrigins } from "../integrations/telemetry/client-config";
import { EARLY_TAPS_SCRIPT_SOURCE } from "./early-taps";

/**
 * The security headers every answer carries (issue 23, item 10). Computed once from the configuration:
 * the Content-Security-Policy allows exactly what the app loads, and nothing is inline but styles set
 * on elements (the boot data is a non-executed `<script type="application/json">`, http/boot-data.ts).
 *
 * - scripts, styles, fonts, manifest, the service worker and maplibre's worker: this origin (the worker
 *   also as blob:, maplibre's fallback when module workers are missing);
 * - images: this origin, data:/blob: (the profile-picture cropper, the map's icons), UPLOADS_PUBLIC_URL
 *   when it is another host, the map's host;
 * - fetches: this origin and the map's host (style, tiles, sprites, glyphs; MAP_STYLE_URL or the
 *   production default) plus MAP_EXTRA_ORIGINS for a style whose tiles live elsewhere;
 * - fetches also to the error reporting service and the analytics tracker, only when configured
 *   (CLIENT_ERROR_REPORTING_DSN, ANALYTICS_URL; integrations/telemetry);
 * - Stripe.js and its API when the browser may use Stripe: with a publishable key, and outside
 *   production with the emulator (the Payment Element path can then be tried, e.g. in e2e tests);
 * - frames: any https page (Stripe's frames; a tournament's plan, an organiser-given https link);
 * - nobody may frame us but ourselves (frame-ancestors 'self', and X-Frame-Options for old browsers).
 * Web push needs no entry: the browser's push service is talked to by the browser, not the page.
 */
export type SecurityHeaders = {
  /** for every answer of the app (pages, assets, API) */
  app: Record<string, string>;
  /** for development pages with their own inline styles and scripts (/dev/mails, GraphiQL): no CSP, still unframeable */
  development: Record<string, string>;
};

const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: ["https://*.stripe.com"],
};

function originOf(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether pages may load Stripe.js (config.ts: real Stripe with a publishable key, or the emulator outside production). */
export function browserUsesStripe(config: Config): boolean {
  if (config.stripe.mode === "stripe") return config.stripe.publishableKey !== null;
  return config.stripe.mode === "emulator" && config.env !== "production";
}

export function contentSecurityPolicy(config: Config): string {
  const stripe = browserUsesStripe(config);
  const mapOrigins = [
    originOf(config.map.style.kind === "remote" ? config.map.style.url : config.env === "production" ? DEFAULT_PRODUCTION_MAP_STYLE.url : null),
    ...(config.map.extraOrigins ?? []),
  ].filter((o): o is string => o !== null);
  const uploads = originOf(config.storage.publicUrl);
  const unique = (list: (string | null)[]) => [...new Set(list.filter((s): s is string => s !== null))].join(" ");
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    // the one inline script: the early-taps holder before a drawn first screen (early-taps.ts), by its hash
    ["script-src", unique(["'self'", EARLY_TAPS_SCRIPT_SOURCE, ...(stripe ? STRIPE.script : [])])],
    // Stylesheets only from here; style attributes (Stripe.js, the map's markers) cannot run code.
    ["style-src", "'self'"],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", unique(["'self'", "data:", "blob:", uploads, ...mapOrigins, ...(stripe ? STRIPE.img : [])])],
    ["font-src", "'self' data:"],
    ["connect-src", unique(["'self'", ...mapOrigins, ...telemetryOrigins(config), ...(stripe ? STRIPE.connect : [])])],
    ["worker-src", "'self' blob:"],
    // Any https page: tournament plans are organiser-given https links shown in a sandboxed frame on
    // /tournament/{id}/plan (an SPA keeps its first document's policy, so it cannot be per route); Stripe's frames are https too.
    ["frame-src", "https:"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
  if (config.publicUrl.startsWith("https://")) directives.push(["upgrade-insecure-requests", ""]);
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join("; ");
}

export function permissionsPolicy(config: Config): string {
  const stripe = browserUsesStripe(config);
  return [
    "geolocation=(self)",
    "camera=()",
    "microphone=()",
    // Wallets (Apple Pay, Google Pay) run in Stripe's frame
    stripe ? 'payment=(self "https://js.stripe.com")' : "payment=()",
    "usb=()",
    "serial=()",
    // (no bluetooth: Chromium does not know that feature name and logs an error on every page)
    "hid=()",
    "midi=()",
    "display-capture=()",
    "browsing-topics=()",
  ].join(", ");
}

export function securityHeaders(config: Config): SecurityHeaders {
  const common: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": permissionsPolicy(config),
  };
  // Only when users reach us over https: a local http start must not teach the browser https for localhost.
  if (config.publicUrl.startsWith("https://")) common["Strict-Transport-Security"] = "max-age=31536000";
  return {
    app: { ...common, "Content-Security-Policy": contentSecurityPolicy(config) },
    development: { ...common, "Content-Security-Policy": "frame-ancestors 'self'" },
  };
}
