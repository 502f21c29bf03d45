import { z } from "zod";

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
  /** "demo" loads demo data when the database is empty (default for the embedded database). */
  SEED: z.enum(["demo", "none"]).optional(),
  /** Directory of the built client (vite build); unused inside the single binary, which embeds it. */
  CLIENT_DIST: z.string().default("./client/dist"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Behind a reverse proxy: trust X-Forwarded-For for the client IP (login throttling). */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  secureCookies: boolean;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  dataDir: string;
  seed: "demo" | "none";
  clientDist: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  trustProxy: boolean;
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
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    secureCookies: !(url.protocol === "http:" && isLocal),
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dataDir: `${e.DATA_DIR}/pglite` },
    dataDir: e.DATA_DIR,
    // The embedded default seeds itself so a newcomer sees a living app; a server database only on request.
    seed: e.SEED ?? (e.DATABASE_URL ? "none" : "demo"),
    clientDist: e.CLIENT_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

let cached: Config | undefined;
/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
