import { z } from "zod";
import { PAYMENT_RESERVATION_MINUTES } from "@shared/constants";
import { DEFAULT_WEB_PUSH_HOSTS, parsePushHosts, type WebPushPolicy } from "./integrations/push/endpoint-policy";
import { parseServiceAccount, type FcmConfig } from "./integrations/push/fcm";

/** An optional text variable; empty counts as unset. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined));

/** A legal text setting: one line of at most `max` characters; empty counts as unset. */
const legalLine = (max: number) =>
  optionalText().refine((v) => v === undefined || (v.length <= max && !/[\r\n]/.test(v)), { error: `must be one line of at most ${max} characters` });

/**
 * Every environment variable, parsed once. Nothing else reads process.env.
 * Each variable is documented in the README's "Configuration" table.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address users reach the app at; cookies are Secure unless it is http on localhost. */
  PUBLIC_URL: z.url().optional(),
  /** postgres://... to use a PostgreSQL server; empty means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      error: "must start with postgres:// or postgresql://",
    }),
  /** Connections of this process's query pool on PostgreSQL (the job queue holds 4 more, live updates 1). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default("./data"),
  /**
   * What an empty database gets: "demo" (regions and the demo accounts, games, courts), "reference" (the
   * regions and staff groups only) or "none". Default: "reference" in production, else "demo" on the
   * embedded database and "none" on PostgreSQL.
   */
  SEED: z.enum(["demo", "reference", "none"]).optional(),
  /** Directory of the built client (vite build); unused inside the single binary, which embeds it. */
  CLIENT_DIST: z.string().default("./client/dist"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** smtp(s)://user:pass@host:port for outgoing mail; empty runs the built-in mail catcher (see /dev/mails). */
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), { error: "must start with smtp:// or smtps://" }),
  MAIL_FROM: z.string().default("Kickrunde <hallo@kickrunde.de>"),
  /**
   * The platform's company on invoices it writes (business tournaments' invoices, domains/tournaments/invoices.ts):
   * legal name, address lines separated by ";" and VAT id; empty: demo data, and a warning with each invoice in production.
   */
  COMPANY_NAME: optionalText().refine((v) => v === undefined || (v.length <= 200 && !/[\r\n]/.test(v)), { error: "must be one line of at most 200 characters" }),
  COMPANY_ADDRESS: optionalText().refine((v) => v === undefined || (v.length <= 500 && !/[\r\n]/.test(v)), { error: "must be one line of at most 500 characters, lines separated by ;" }),
  COMPANY_VAT_ID: optionalText().refine((v) => v === undefined || /^[A-Z]{2}[A-Z0-9+*.]{2,13}$/.test(v), { error: "must look like DE123456789" }),
  /**
   * The Impressum and Datenschutz pages (spec 001 section 2.2; server/domains/legal): the operator, its address
   * (lines separated by ";"), register entry, contact, representative, VAT id and the data protection contact.
   * Production refuses to start without the required ones (legalRefusal); elsewhere unset means marked demo values.
   */
  LEGAL_OPERATOR: legalLine(200),
  LEGAL_ADDRESS: legalLine(500),
  LEGAL_REGISTER: legalLine(300),
  LEGAL_CONTACT_EMAIL: optionalText().refine((v) => v === undefined || /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/.test(v), { error: "must be an e-mail address" }),
  LEGAL_CONTACT_PHONE: optionalText().refine((v) => v === undefined || /^\+?[0-9 ()/-]{5,30}$/.test(v), { error: "must be a phone number such as +49 30 1234567" }),
  LEGAL_REPRESENTATIVE: legalLine(300),
  LEGAL_VAT_ID: optionalText().refine((v) => v === undefined || /^[A-Z]{2}[A-Z0-9+*.]{2,13}$/.test(v), { error: "must look like DE123456789" }),
  LEGAL_DATA_PROTECTION_EMAIL: optionalText().refine((v) => v === undefined || /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/.test(v), { error: "must be an e-mail address" }),
  /** Uploaded files go to DATA_DIR/uploads, or to this S3-compatible bucket (Bun's S3 client) when set. */
  S3_BUCKET: optionalText(),
  /** The bucket's S3 API address (MinIO, R2, ...); empty: AWS for S3_REGION. */
  S3_ENDPOINT: optionalText().refine((v) => v === undefined || URL.canParse(v), { error: "must be a URL" }),
  S3_REGION: optionalText(),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  /** Where browsers fetch uploaded files (a CDN or the bucket's public address); empty: this app under /uploads. */
  UPLOADS_PUBLIC_URL: optionalText().refine((v) => v === undefined || v.startsWith("/") || URL.canParse(v), {
    error: "must be a URL or a path starting with /",
  }),
  /** Web push (VAPID) key pair, base64url; empty: generated once and kept in the database. */
  VAPID_PUBLIC_KEY: optionalText(),
  VAPID_PRIVATE_KEY: optionalText(),
  /** Contact the push services see in the VAPID token: mailto: or https: */
  VAPID_SUBJECT: z
    .string()
    .default("mailto:hallo@kickrunde.de")
    .refine((v) => /^(mailto:|https:\/\/)/.test(v), { error: "must start with mailto: or https://" }),
  /** Firebase Cloud Messaging for the native app: the service-account key (the JSON itself or a path to it); empty: native devices get no pushes. */
  FCM_SERVICE_ACCOUNT_JSON: optionalText(),
  /** The FCM HTTP v1 API's address (the token URI comes from the service account). */
  FCM_BASE_URL: z.url().default("https://fcm.googleapis.com"),
  /** Push services web-push endpoints may point at (host, *.domain or host:port, comma-separated); see integrations/push/endpoint-policy.ts. */
  WEB_PUSH_HOSTS: optionalText().transform((v) => v ?? DEFAULT_WEB_PUSH_HOSTS),
  /** Tests and offline development only: allow http and non-public addresses for listed push hosts. Refused in production. */
  WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /**
   * argon2id's cost for new password hashes: "standard" (64 MiB, 2 passes: Bun's default, about 110 ms per check) or
   * "test" (1 MiB, 1 pass, under 1 ms) for test servers and test runs. Refused in production.
   */
  PASSWORD_HASH_COST: z.enum(["standard", "test"]).default("standard"),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** The operator's maintenance switch for this process (domains/admin/maintenance.ts); the staff console's switch adds to it. */
  MAINTENANCE_MODE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /**
   * The founders greeted in their direct chats (spec 000 section 6), comma-separated user ids; unset:
   * the demo data's first two accounts when the demo is seeded, nobody otherwise.
   */
  FOUNDER_USER_IDS: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^\s*(\d+\s*(,\s*\d+\s*)*)?$/.test(v), { error: "must be user ids separated by commas, e.g. 1,2" })
    .transform((v) => (v === undefined ? undefined : v.split(",").map((id) => id.trim()).filter(Boolean).map(Number)))
    .refine((ids) => ids === undefined || ids.every((id) => id >= 1 && id <= 2_147_483_647), { error: "must be user ids separated by commas, e.g. 1,2" }),
  /** Stripe's secret API key (sk_… or a restricted rk_…); empty: payments off in production, the local emulator otherwise. */
  STRIPE_SECRET_KEY: optionalText().refine((v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v), { error: "must look like sk_test_… or sk_live_…" }),
  /** Stripe's publishable key (pk_…) for Stripe.js in the browser. */
  STRIPE_PUBLISHABLE_KEY: optionalText().refine((v) => v === undefined || /^pk_(test|live)_\w+$/.test(v), { error: "must look like pk_test_… or pk_live_…" }),
  /** Signing secrets (whsec_…) of the webhook endpoints pointing at /api/stripe/webhook, comma-separated (the account's and the Connect endpoint's). */
  STRIPE_WEBHOOK_SECRET: optionalText()
    .transform((v) => (v === undefined ? undefined : v.split(",").map((s) => s.trim()).filter(Boolean)))
    .refine((v) => v === undefined || (v.length > 0 && v.every((s) => /^whsec_\w+$/.test(s))), { error: "must be one or more whsec_… secrets, comma-separated" }),
  /** Another address for Stripe's API (a Stripe emulator elsewhere, a proxy); empty: api.stripe.com. */
  STRIPE_API_BASE: optionalText().refine((v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v), { error: "must be an http(s) URL without a path, e.g. http://127.0.0.1:12111" }),
  /** How long a place in a managed-payment game waits for its payment, in seconds (default 15 minutes). */
  PAYMENT_RESERVATION_SECONDS: z.coerce.number().int().min(20).max(3600).default(PAYMENT_RESERVATION_MINUTES * 60),
  /**
   * After SIGTERM: how long a draining process still serves (answering /api/ready 503) before it closes its listener,
   * so the load balancer takes it out first (server/README.md "Pre-stop wait"). Default 3000 in production, else 0.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** A Nominatim-compatible geocoder (http(s) URL without query); empty: nominatim.openstreetmap.org in production, the in-process emulator otherwise. */
  GEOCODER_URL: optionalText().refine((v) => v === undefined || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(v), { error: "must be an http(s) URL without query, e.g. https://nominatim.openstreetmap.org" }),
  /** The User-Agent the geocoder sees (Nominatim's usage policy asks for an identifying one); empty: "Kickrunde/1.0 (+contact)". */
  GEOCODER_USER_AGENT: optionalText().refine((v) => v === undefined || (v.length <= 200 && !/[\r\n]/.test(v)), { error: "must be one line of at most 200 characters" }),
  /** A contact address sent along as Nominatim's `email` parameter (recommended for heavier use); optional. */
  GEOCODER_EMAIL: optionalText().refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: "must be an e-mail address" }),
  /** An Open-Meteo-compatible weather API (http(s) URL without query); empty: api.open-meteo.com in production, the in-process emulator otherwise. */
  WEATHER_URL: optionalText().refine((v) => v === undefined || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(v), { error: "must be an http(s) URL without query, e.g. https://api.open-meteo.com" }),
  /** The map's MapLibre style (a style JSON URL, raster or vector); empty: the local test map outside production, OpenFreeMap in production. */
  MAP_STYLE_URL: optionalText().refine((v) => v === undefined || /^https?:\/\//.test(v), { error: "must be an http(s) URL of a MapLibre style JSON" }),
  /** Further origins the map's style loads tiles, sprites or glyphs from, when not the style's own host (the Content-Security-Policy allows them). */
  MAP_EXTRA_ORIGINS: optionalText()
    .transform((v) => (v === undefined ? [] : v.split(",").map((s) => s.trim()).filter(Boolean)))
    .refine((list) => list.every((o) => /^https?:\/\/[^/?#\s]+$/.test(o)), { error: "must be origins like https://tiles.example.org, comma-separated" }),
  /** Credit shown in the map's corner besides the style's own (e.g. "© OpenStreetMap contributors"). */
  MAP_ATTRIBUTION: optionalText(),
  /** Google Calendar import (integrations/google): the OAuth client's id and secret; empty: the in-process emulator outside production, Google Calendar off in production. */
  GOOGLE_CLIENT_ID: optionalText().refine((v) => v === undefined || /^[\w.-]{1,200}$/.test(v), { error: "must look like 1234-abc.apps.googleusercontent.com" }),
  GOOGLE_CLIENT_SECRET: optionalText(),
  /** Another address for Google's OAuth and Calendar APIs (an emulator elsewhere); empty: Google's own. */
  GOOGLE_API_BASE: optionalText().refine((v) => v === undefined || /^https?:\/\/[^/?#]+\/?$/.test(v), { error: "must be an http(s) URL without a path, e.g. http://127.0.0.1:12112" }),
  /** The key Google tokens are encrypted with (AES-256-GCM), base64 of 32 bytes; empty outside production: generated once into DATA_DIR. */
  GOOGLE_TOKEN_KEY: optionalText().refine((v) => v === undefined || Buffer.from(v, "base64").length === 32, { error: "must be 32 bytes in base64 (openssl rand -base64 32)" }),
  /** Error reporting (integrations/telemetry): a Sentry-compatible DSN for the server's errors, and one for the browser's (only on PUBLIC_URL's host); empty: off. */
  ERROR_REPORTING_DSN: optionalText().refine((v) => v === undefined || isDsn(v), { error: "must be a DSN like https://publickey@errors.example.org/1" }),
  CLIENT_ERROR_REPORTING_DSN: optionalText().refine((v) => v === undefined || isDsn(v), { error: "must be a DSN like https://publickey@errors.example.org/1" }),
  /** Cookieless web analytics (integrations/telemetry): a Matomo-compatible tracker's base URL and the site's id there; empty: off. */
  ANALYTICS_URL: optionalText().refine((v) => v === undefined || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(v), { error: "must be an http(s) URL without query, e.g. https://stats.example.org" }),
  ANALYTICS_SITE_ID: optionalText().refine((v) => v === undefined || /^[1-9]\d{0,8}$/.test(v), { error: "must be the site's numeric id, e.g. 1" }),
  /** GraphQL schema introspection; empty: on in development and tests, off in production. */
  GRAPHQL_INTROSPECTION: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v ? v === "true" || v === "1" : undefined)),
});

export type Config = {
  env: "development" | "production" | "test";
  /** argon2id's cost for new password hashes (server/lib/password.ts); "test" never in production */
  passwordHashCost: "standard" | "test";
  host: string;
  port: number;
  publicUrl: string;
  secureCookies: boolean;
  database: { kind: "postgres"; url: string; max?: number } | { kind: "pglite"; dataDir: string };
  dataDir: string;
  /** What boot loads into an empty database (server/db/seed-demo.ts); "demo" in production is loud in the log. */
  seed: "demo" | "reference" | "none";
  clientDist: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  trustProxy: boolean;
  /** MAINTENANCE_MODE: this process answers every API call with MAINTENANCE (503) whatever the console says. */
  maintenanceMode: boolean;
  /** Whether /graphql answers introspection queries (GraphiQL is never served in production). */
  graphqlIntrospection: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  /** The platform's company as invoices print it; `configured` false: the demo defaults below (COMPANY_* unset). */
  company: { name: string; addressLines: readonly string[]; vatId: string | null; configured: boolean };
  /** The Impressum and Datenschutz data (LEGAL_*); `demo`: none set, the marked demo values (refused in production, legalRefusal). */
  legal: LegalConfig;
  /** Where uploads are kept (server/integrations/storage.ts); `publicUrl` is the address their URLs start with. */
  storage: StorageConfig;
  /** Users greeted as founders in their direct chats (spec 000 section 6). */
  founderUserIds: readonly number[];
  /** How long a place in a managed-payment game waits for its payment (domains/participation/payment.ts). */
  paymentReservationSeconds: number;
  /** SHUTDOWN_DELAY_MS: the pre-stop wait of a graceful shutdown (lifecycle.ts `shutdown`) */
  shutdownDelayMs: number;
  /** Web push; `vapid` undefined: use the key pair generated into the database (integrations/push/vapid-keys.ts). */
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string; fcm?: FcmConfig | undefined; web: WebPushPolicy };
  /** Payments (integrations/stripe/client.ts): real Stripe, the in-process emulator (never in production), or off. */
  stripe: StripeConfig;
  /** The map's style (server/http/map.ts): the configured URL, or the local test map (never in production). */
  map: MapConfig;
  /** Geocoding (integrations/geocoding/client.ts): `baseUrl` null = the in-process emulator (never in production). */
  geocoder: GeocoderConfig;
  /** Weather forecasts (integrations/weather/client.ts): `baseUrl` null = the in-process emulator (never in production). */
  weather: WeatherConfig;
  /** Google Calendar import (integrations/google/client.ts): Google, the in-process emulator (never in production), or off. */
  google: GoogleConfig;
  /** Error reporting and web analytics (integrations/telemetry): each off unless configured. */
  telemetry: TelemetryConfig;
};

export type TelemetryConfig = {
  /** ERROR_REPORTING_DSN: the server's errors */
  serverDsn: string | null;
  /** CLIENT_ERROR_REPORTING_DSN: the browser's errors, reported only by pages on PUBLIC_URL's host */
  clientDsn: string | null;
  /** ANALYTICS_URL and ANALYTICS_SITE_ID: the Matomo-compatible tracker (both or neither) */
  analytics: { url: string; siteId: number } | null;
};

export type LegalConfig = {
  operator: string;
  addressLines: readonly string[];
  register: string | null;
  contactEmail: string;
  contactPhone: string | null;
  representative: string;
  vatId: string | null;
  dataProtectionEmail: string;
  demo: boolean;
};

export type GoogleConfig =
  | { mode: "off" }
  /** outside production without a client id: the local emulator; `tokenKey` null: generated into DATA_DIR */
  | { mode: "emulator"; tokenKey: Buffer | null }
  | {
      mode: "google";
      clientId: string;
      clientSecret: string;
      /** OAuth and Calendar API base (an emulator elsewhere); null: Google's addresses */
      apiBase: string | null;
      tokenKey: Buffer | null;
    };

export type MapConfig = {
  style: { kind: "local" } | { kind: "remote"; url: string };
  attribution: string | null;
  /** MAP_EXTRA_ORIGINS: hosts of the style's tiles, sprites or glyphs besides its own (http/security-headers.ts) */
  extraOrigins?: readonly string[];
};

/** Production without MAP_STYLE_URL: a public style that needs no key. */
export const DEFAULT_PRODUCTION_MAP_STYLE = { url: "https://tiles.openfreemap.org/styles/liberty", attribution: "© OpenStreetMap contributors, OpenFreeMap" } as const;

export type GeocoderConfig = { baseUrl: string | null; userAgent: string; email: string | null };

export type WeatherConfig = { baseUrl: string | null };

export type StripeConfig =
  | { mode: "off" }
  /** outside production without keys: the local emulator with generated test keys */
  | { mode: "emulator" }
  | {
      mode: "stripe";
      secretKey: string;
      publishableKey: string | null;
      webhookSecrets: readonly string[];
      /** the SDK's host/port/protocol; null: api.stripe.com */
      apiBase: { host: string; port: number; protocol: "http" | "https" } | null;
    };

export type StorageConfig =
  | { kind: "local"; dir: string; publicUrl: string }
  | {
      kind: "s3";
      bucket: string;
      endpoint: string | undefined;
      region: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      publicUrl: string;
    };

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (see README, Configuration):\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === "0.0.0.0" ? "localhost" : e.HOST}:${e.PORT}`).replace(/\/$/, "");
  const url = new URL(publicUrl);
  const isLocal = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  // The embedded default seeds itself so a newcomer sees a living app; a server database only on request.
  // Production never gets the demo accounts (their password is public) unless SEED=demo says so: only
  // the reference data (regions) an empty database needs to be usable.
  const seed = e.SEED ?? (e.NODE_ENV === "production" ? "reference" : e.DATABASE_URL ? "none" : "demo");
  if (e.PASSWORD_HASH_COST === "test" && e.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration (see README, Configuration):\n  PASSWORD_HASH_COST: \"test\" not allowed with NODE_ENV=production");
  }
  return {
    env: e.NODE_ENV,
    passwordHashCost: e.PASSWORD_HASH_COST,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    secureCookies: !(url.protocol === "http:" && isLocal),
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL, max: e.DATABASE_POOL_MAX } : { kind: "pglite", dataDir: `${e.DATA_DIR}/pglite` },
    dataDir: e.DATA_DIR,
    seed,
    clientDist: e.CLIENT_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    maintenanceMode: e.MAINTENANCE_MODE,
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== "production",
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    company: companyConfig(e),
    legal: legalConfig(e),
    storage: storageConfig(e),
    // The demo data's admin and organiser are its founders (ids 1 and 2 of a freshly seeded database).
    founderUserIds: e.FOUNDER_USER_IDS ?? (seed === "demo" ? [1, 2] : []),
    paymentReservationSeconds: e.PAYMENT_RESERVATION_SECONDS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? (e.NODE_ENV === "production" ? 3_000 : 0),
    push: pushConfig(e),
    stripe: stripeConfig(e),
    map: mapConfig(e),
    geocoder: geocoderConfig(e),
    // No emulator ever in production: without WEATHER_URL production asks Open-Meteo.
    weather: { baseUrl: e.WEATHER_URL?.replace(/\/+$/, "") ?? (e.NODE_ENV === "production" ? "https://api.open-meteo.com" : null) },
    google: googleConfig(e),
    telemetry: telemetryConfig(e),
  };
}

/** A Sentry-style DSN: http(s)://publickey@host[:port][/path]/projectId */
function isDsn(v: string): boolean {
  return /^https?:\/\/[^:@/\s]+@[^/?#\s]+(\/[^?#\s]*)?\/\d+$/.test(v);
}

function telemetryConfig(e: z.output<typeof ZEnv>): TelemetryConfig {
  if (!e.ANALYTICS_URL !== !e.ANALYTICS_SITE_ID) {
    throw new ConfigError("Invalid configuration (see README, Configuration):\n  ANALYTICS_URL, ANALYTICS_SITE_ID: set both or neither");
  }
  return {
    serverDsn: e.ERROR_REPORTING_DSN ?? null,
    clientDsn: e.CLIENT_ERROR_REPORTING_DSN ?? null,
    analytics: e.ANALYTICS_URL && e.ANALYTICS_SITE_ID ? { url: e.ANALYTICS_URL.replace(/\/+$/, ""), siteId: Number(e.ANALYTICS_SITE_ID) } : null,
  };
}

/** Demo company data for invoices until COMPANY_* are set (refused nowhere; invoices warn in production). */
export const DEMO_COMPANY = { name: "Kickrunde GmbH (Demo)", addressLines: ["Musterstraße 1", "10115 Berlin", "Deutschland"], vatId: "DE000000000" } as const;

function companyConfig(e: z.output<typeof ZEnv>): Config["company"] {
  const configured = Boolean(e.COMPANY_NAME || e.COMPANY_ADDRESS || e.COMPANY_VAT_ID);
  return {
    name: e.COMPANY_NAME ?? (configured ? "" : DEMO_COMPANY.name),
    addressLines: e.COMPANY_ADDRESS ? e.COMPANY_ADDRESS.split(";").map((l) => l.trim()).filter(Boolean) : configured ? [] : DEMO_COMPANY.addressLines,
    vatId: e.COMPANY_VAT_ID ?? (configured ? null : DEMO_COMPANY.vatId),
    configured: Boolean(e.COMPANY_NAME && e.COMPANY_ADDRESS),
  };
}

/** The legal settings a deployment must state; LEGAL_REGISTER, LEGAL_CONTACT_PHONE and LEGAL_VAT_ID are optional. */
export const REQUIRED_LEGAL_SETTINGS = ["LEGAL_OPERATOR", "LEGAL_ADDRESS", "LEGAL_CONTACT_EMAIL", "LEGAL_REPRESENTATIVE", "LEGAL_DATA_PROTECTION_EMAIL"] as const;
const LEGAL_SETTINGS = [...REQUIRED_LEGAL_SETTINGS, "LEGAL_REGISTER", "LEGAL_CONTACT_PHONE", "LEGAL_VAT_ID"] as const;

/** Demo legal data for development and tests (LEGAL_* unset), marked as such in every field and on the pages. */
export const DEMO_LEGAL = {
  operator: "Kickrunde GmbH (Demo-Angaben)",
  addressLines: ["Musterstraße 1", "10115 Berlin", "Deutschland"],
  register: "Amtsgericht Charlottenburg (Berlin), HRB 000000 B (Demo)",
  contactEmail: "hallo@kickrunde.de",
  contactPhone: null,
  representative: "Max Mustermann (Demo)",
  vatId: "DE000000000",
  dataProtectionEmail: "datenschutz@kickrunde.de",
} as const;

function legalConfig(e: z.output<typeof ZEnv>): LegalConfig {
  const given = LEGAL_SETTINGS.filter((k) => e[k]);
  // None set: the demo values, which production refuses at boot (legalRefusal). Some set: a deployment that
  // means it, so a forgotten required one stops the start in every environment, naming it.
  if (given.length === 0) return { ...DEMO_LEGAL, addressLines: [...DEMO_LEGAL.addressLines], demo: true };
  const missing = REQUIRED_LEGAL_SETTINGS.filter((k) => !e[k]);
  if (missing.length) throw new ConfigError(`Invalid configuration (see README, Configuration):\n  ${missing.join(", ")}: required for the Impressum and Datenschutz pages`);
  return {
    operator: e.LEGAL_OPERATOR!,
    addressLines: e.LEGAL_ADDRESS!.split(";").map((l) => l.trim()).filter(Boolean),
    register: e.LEGAL_REGISTER ?? null,
    contactEmail: e.LEGAL_CONTACT_EMAIL!,
    contactPhone: e.LEGAL_CONTACT_PHONE ?? null,
    representative: e.LEGAL_REPRESENTATIVE!,
    vatId: e.LEGAL_VAT_ID ?? null,
    dataProtectionEmail: e.LEGAL_DATA_PROTECTION_EMAIL!,
    demo: false,
  };
}

/**
 * Why a production server must not start with this configuration, or null. The legal pages may never show
 * placeholders in production (issue 26): without the LEGAL_* settings the boot stops (loadConfigOrExit) and
 * names them. Checked at the boot rather than in parseConfig, so a configuration can still be parsed and
 * inspected (tests of other settings) without them.
 */
export function productionRefusal(cfg: Pick<Config, "env" | "legal">): string | null {
  if (cfg.env !== "production" || !cfg.legal.demo) return null;
  return `Refusing to start in production without the legal data for the Impressum and Datenschutz pages (see README, Configuration):\n  ${REQUIRED_LEGAL_SETTINGS.join(", ")}: required with NODE_ENV=production (LEGAL_REGISTER, LEGAL_CONTACT_PHONE, LEGAL_VAT_ID optional)`;
}

function googleConfig(e: z.output<typeof ZEnv>): GoogleConfig {
  const fail = (line: string) => new ConfigError(`Invalid configuration (see README, Configuration):\n  ${line}`);
  const tokenKey = e.GOOGLE_TOKEN_KEY ? Buffer.from(e.GOOGLE_TOKEN_KEY, "base64") : null;
  if (!e.GOOGLE_CLIENT_ID) {
    const stray = (["GOOGLE_CLIENT_SECRET", "GOOGLE_API_BASE"] as const).filter((k) => e[k]);
    if (stray.length) throw fail(`${stray.join(", ")}: set GOOGLE_CLIENT_ID too`);
    // No emulator ever in production: without a client a production server imports no calendars.
    return e.NODE_ENV === "production" ? { mode: "off" } : { mode: "emulator", tokenKey };
  }
  if (!e.GOOGLE_CLIENT_SECRET) throw fail("GOOGLE_CLIENT_SECRET: required with GOOGLE_CLIENT_ID");
  // A generated key kept beside the data is for development; production states its key (tokens must survive a new machine).
  if (!tokenKey && e.NODE_ENV === "production") throw fail("GOOGLE_TOKEN_KEY: required with GOOGLE_CLIENT_ID in production (openssl rand -base64 32)");
  return { mode: "google", clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, apiBase: e.GOOGLE_API_BASE?.replace(/\/+$/, "") ?? null, tokenKey };
}

function geocoderConfig(e: z.output<typeof ZEnv>): GeocoderConfig {
  // Nominatim's usage policy asks for an identifying User-Agent with a way to reach us.
  const contact = e.GEOCODER_EMAIL ?? /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? (e.MAIL_FROM.includes("@") ? e.MAIL_FROM.trim() : undefined);
  return {
    // No emulator ever in production: without GEOCODER_URL production uses OpenStreetMap's Nominatim.
    baseUrl: e.GEOCODER_URL?.replace(/\/+$/, "") ?? (e.NODE_ENV === "production" ? "https://nominatim.openstreetmap.org" : null),
    userAgent: e.GEOCODER_USER_AGENT ?? `Kickrunde/1.0${contact ? ` (+${contact})` : ""}`,
    email: e.GEOCODER_EMAIL ?? null,
  };
}

function mapConfig(e: z.output<typeof ZEnv>): MapConfig {
  const extra = e.MAP_EXTRA_ORIGINS.length ? { extraOrigins: e.MAP_EXTRA_ORIGINS } : {};
  if (e.MAP_STYLE_URL) return { style: { kind: "remote", url: e.MAP_STYLE_URL }, attribution: e.MAP_ATTRIBUTION ?? null, ...extra };
  // The local test map is made for development: a production server uses the public default instead.
  if (e.NODE_ENV === "production") {
    return { style: { kind: "remote", url: DEFAULT_PRODUCTION_MAP_STYLE.url }, attribution: e.MAP_ATTRIBUTION ?? DEFAULT_PRODUCTION_MAP_STYLE.attribution, ...extra };
  }
  return { style: { kind: "local" }, attribution: e.MAP_ATTRIBUTION ?? null, ...extra };
}

function stripeConfig(e: z.output<typeof ZEnv>): StripeConfig {
  const fail = (line: string) => new ConfigError(`Invalid configuration (see README, Configuration):\n  ${line}`);
  if (!e.STRIPE_SECRET_KEY) {
    const stray = (["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"] as const).filter((k) => e[k]);
    if (stray.length) throw fail(`${stray.join(", ")}: set STRIPE_SECRET_KEY too`);
    // No emulator ever in production: without keys a production server simply takes no payments.
    return e.NODE_ENV === "production" ? { mode: "off" } : { mode: "emulator" };
  }
  if (!e.STRIPE_WEBHOOK_SECRET) throw fail("STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the endpoint's signing secret, whsec_…)");
  const live = (key: string) => /^\w+_live_/.test(key);
  if (e.STRIPE_PUBLISHABLE_KEY && live(e.STRIPE_PUBLISHABLE_KEY) !== live(e.STRIPE_SECRET_KEY)) {
    throw fail("STRIPE_PUBLISHABLE_KEY: test and live keys mixed (both must be test or both live)");
  }
  let apiBase: Extract<StripeConfig, { mode: "stripe" }>["apiBase"] = null;
  if (e.STRIPE_API_BASE) {
    const u = new URL(e.STRIPE_API_BASE);
    const protocol = u.protocol === "http:" ? "http" : "https";
    apiBase = { host: u.hostname.replace(/^\[|\]$/g, ""), port: u.port ? Number(u.port) : protocol === "http" ? 80 : 443, protocol };
  }
  return {
    mode: "stripe",
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecrets: e.STRIPE_WEBHOOK_SECRET,
    apiBase,
  };
}

function pushConfig(e: z.output<typeof ZEnv>): Config["push"] {
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError("Invalid configuration (see README, Configuration):\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither");
  }
  const vapid = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined;
  let fcm: FcmConfig | undefined;
  if (e.FCM_SERVICE_ACCOUNT_JSON) {
    try {
      fcm = { serviceAccount: parseServiceAccount(e.FCM_SERVICE_ACCOUNT_JSON), baseUrl: e.FCM_BASE_URL.replace(/\/$/, "") };
    } catch (error) {
      throw new ConfigError(`Invalid configuration (see README, Configuration):\n  FCM_SERVICE_ACCOUNT_JSON: ${(error as Error).message}`);
    }
  }
  return { vapid, subject: e.VAPID_SUBJECT, fcm, web: webPushPolicy(e) };
}

function webPushPolicy(e: z.output<typeof ZEnv>): WebPushPolicy {
  let hosts: WebPushPolicy["hosts"];
  try {
    hosts = parsePushHosts(e.WEB_PUSH_HOSTS);
  } catch (error) {
    throw new ConfigError(`Invalid configuration (see README, Configuration):\n  WEB_PUSH_HOSTS: ${(error as Error).message}`);
  }
  // The escape hatch for the local test push service must never open a production server to SSRF.
  if (e.WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS && e.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration (see README, Configuration):\n  WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: not allowed with NODE_ENV=production");
  }
  return { hosts, allowPrivate: e.WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS };
}

function storageConfig(e: z.output<typeof ZEnv>): StorageConfig {
  const publicUrl = (e.UPLOADS_PUBLIC_URL ?? "/uploads").replace(/\/$/, "");
  if (!e.S3_BUCKET) {
    const stray = (["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => e[k]);
    if (stray.length) throw new ConfigError(`Invalid configuration (see README, Configuration):\n  ${stray.join(", ")}: set S3_BUCKET too`);
    return { kind: "local", dir: `${e.DATA_DIR}/uploads`, publicUrl };
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError("Invalid configuration (see README, Configuration):\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl,
  };
}

let cached: Config | undefined;
/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
