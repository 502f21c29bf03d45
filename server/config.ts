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
  TRUST_PROXY: z
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
  /** A Nominatim-compatible geocoder (http(s) URL without query); empty: nominatim.openstreetmap.org in production, the in-process emulator otherwise. */
  GEOCODER_URL: optionalText().refine((v) => v === undefined || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(v), { error: "must be an http(s) URL without query, e.g. https://nominatim.openstreetmap.org" }),
  /** The User-Agent the geocoder sees (Nominatim's usage policy asks for an identifying one); empty: "Kickrunde/1.0 (+contact)". */
  GEOCODER_USER_AGENT: optionalText().refine((v) => v === undefined || (v.length <= 200 && !/[\r\n]/.test(v)), { error: "must be one line of at most 200 characters" }),
  /** A contact address sent along as Nominatim's `email` parameter (recommended for heavier use); optional. */
  GEOCODER_EMAIL: optionalText().refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: "must be an e-mail address" }),
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
  /** GraphQL schema introspection; empty: on in development and tests, off in production. */
  GRAPHQL_INTROSPECTION: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v ? v === "true" || v === "1" : undefined)),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  secureCookies: boolean;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  dataDir: string;
  /** What boot loads into an empty database (server/db/seed-demo.ts); "demo" in production is loud in the log. */
  seed: "demo" | "reference" | "none";
  clientDist: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  trustProxy: boolean;
  /** Whether /graphql answers introspection queries (GraphiQL is never served in production). */
  graphqlIntrospection: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  /** Where uploads are kept (server/integrations/storage.ts); `publicUrl` is the address their URLs start with. */
  storage: StorageConfig;
  /** Users greeted as founders in their direct chats (spec 000 section 6). */
  founderUserIds: readonly number[];
  /** How long a place in a managed-payment game waits for its payment (domains/participation/payment.ts). */
  paymentReservationSeconds: number;
  /** Web push; `vapid` undefined: use the key pair generated into the database (integrations/push/vapid-keys.ts). */
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string; fcm?: FcmConfig | undefined; web: WebPushPolicy };
  /** Payments (integrations/stripe/client.ts): real Stripe, the in-process emulator (never in production), or off. */
  stripe: StripeConfig;
  /** The map's style (server/http/map.ts): the configured URL, or the local test map (never in production). */
  map: MapConfig;
  /** Geocoding (integrations/geocoding/client.ts): `baseUrl` null = the in-process emulator (never in production). */
  geocoder: GeocoderConfig;
  /** Google Calendar import (integrations/google/client.ts): Google, the in-process emulator (never in production), or off. */
  google: GoogleConfig;
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
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    secureCookies: !(url.protocol === "http:" && isLocal),
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dataDir: `${e.DATA_DIR}/pglite` },
    dataDir: e.DATA_DIR,
    seed,
    clientDist: e.CLIENT_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== "production",
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    storage: storageConfig(e),
    // The demo data's admin and organiser are its founders (ids 1 and 2 of a freshly seeded database).
    founderUserIds: e.FOUNDER_USER_IDS ?? (seed === "demo" ? [1, 2] : []),
    paymentReservationSeconds: e.PAYMENT_RESERVATION_SECONDS,
    push: pushConfig(e),
    stripe: stripeConfig(e),
    map: mapConfig(e),
    geocoder: geocoderConfig(e),
    google: googleConfig(e),
  };
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
