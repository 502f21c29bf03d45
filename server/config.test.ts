import { describe, expect, test } from "bun:test";
import { ConfigError, parseConfig } from "./config";

describe("configuration", () => {
  test("defaults: embedded database that seeds itself, local http without Secure cookies", () => {
    const c = parseConfig({});
    expect(c.database).toEqual({ kind: "pglite", dataDir: "./data/pglite" });
    expect(c.seed).toBe("demo");
    expect(c.publicUrl).toBe("http://127.0.0.1:3000");
    expect(c.secureCookies).toBe(false);
  });

  test("a PostgreSQL URL switches the driver and does not seed unless asked", () => {
    const c = parseConfig({ DATABASE_URL: "postgres://u@db:5432/kr", PUBLIC_URL: "https://kickrunde.de/" });
    expect(c.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/kr", max: 10 });
    expect(parseConfig({ DATABASE_URL: "postgres://u@db/kr", DATABASE_POOL_MAX: "25" }).database).toEqual({ kind: "postgres", url: "postgres://u@db/kr", max: 25 });
    expect(c.seed).toBe("none");
    expect(c.publicUrl).toBe("https://kickrunde.de");
    expect(c.secureCookies).toBe(true);
  });

  test("production seeds only the reference data unless SEED=demo says so; development keeps the demo default", () => {
    expect(parseConfig({ NODE_ENV: "production" }).seed).toBe("reference");
    expect(parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://u@db/kr" }).seed).toBe("reference");
    expect(parseConfig({ NODE_ENV: "production" }).founderUserIds).toEqual([]);
    expect(parseConfig({ NODE_ENV: "production", SEED: "demo" }).seed).toBe("demo");
    expect(parseConfig({ NODE_ENV: "production", SEED: "none" }).seed).toBe("none");
    expect(parseConfig({ NODE_ENV: "development" }).seed).toBe("demo");
    expect(parseConfig({ SEED: "reference" }).seed).toBe("reference");
  });

  test.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ SEED: "lots" }, "SEED"],
    [{ DATABASE_POOL_MAX: "0" }, "DATABASE_POOL_MAX"],
    [{ DATABASE_POOL_MAX: "many" }, "DATABASE_POOL_MAX"],
  ])("fails fast with a clear message: %p", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}: `));
  });

  test("founders (FOUNDER_USER_IDS): the demo's first two accounts when the demo is seeded, else whom it names", () => {
    expect(parseConfig({}).founderUserIds).toEqual([1, 2]);
    expect(parseConfig({ DATABASE_URL: "postgres://u@db/kr" }).founderUserIds).toEqual([]);
    expect(parseConfig({ SEED: "none" }).founderUserIds).toEqual([]);
    expect(parseConfig({ DATABASE_URL: "postgres://u@db/kr", FOUNDER_USER_IDS: " 7, 12 " }).founderUserIds).toEqual([7, 12]);
    expect(parseConfig({ FOUNDER_USER_IDS: "" }).founderUserIds).toEqual([]);
    for (const wrong of ["1;2", "anna", "1,,2", "0", "-1", "99999999999"]) {
      expect(() => parseConfig({ FOUNDER_USER_IDS: wrong })).toThrow(/FOUNDER_USER_IDS: /);
    }
  });

  test("web push: by default only the browsers' push services, https, public addresses", () => {
    const { web } = parseConfig({}).push;
    expect(web.allowPrivate).toBe(false);
    expect(web.hosts.map((h) => (h.suffix ? `*.${h.host}` : h.host))).toEqual([
      "fcm.googleapis.com",
      "updates.push.services.mozilla.com",
      "*.push.apple.com",
      "*.notify.windows.com",
    ]);
    expect(parseConfig({ WEB_PUSH_HOSTS: "" }).push.web.hosts).toHaveLength(4);
    expect(parseConfig({ WEB_PUSH_HOSTS: "127.0.0.1:4000", WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: "true", NODE_ENV: "test" }).push.web).toEqual({
      hosts: [{ host: "127.0.0.1", suffix: false, port: "4000" }],
      allowPrivate: true,
    });
  });

  test.each([
    [{ WEB_PUSH_HOSTS: "https://fcm.googleapis.com/" }, "WEB_PUSH_HOSTS"],
    [{ WEB_PUSH_HOSTS: " , " }, "WEB_PUSH_HOSTS"],
    [{ WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: "yes" }, "WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS"],
    // the test escape hatch must never open a production server to SSRF
    [{ WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: "true", NODE_ENV: "production" }, "WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS"],
    [{ WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: "1", NODE_ENV: "production" }, "WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS"],
  ])("web push settings fail fast: %p", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}: `));
  });
});

describe("configuration: password hashing cost", () => {
  test("standard by default, everywhere; the cheap test cost is refused in production", () => {
    expect(parseConfig({}).passwordHashCost).toBe("standard");
    expect(parseConfig({ NODE_ENV: "production" }).passwordHashCost).toBe("standard");
    expect(parseConfig({ PASSWORD_HASH_COST: "test", NODE_ENV: "test" }).passwordHashCost).toBe("test");
    expect(() => parseConfig({ PASSWORD_HASH_COST: "test", NODE_ENV: "production" })).toThrow(/PASSWORD_HASH_COST: "test" not allowed with NODE_ENV=production/);
    expect(() => parseConfig({ PASSWORD_HASH_COST: "cheap" })).toThrow(/PASSWORD_HASH_COST/);
  });
});

describe("configuration: Stripe", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

  test("without keys: the local emulator outside production, payments off in production (never an emulator there)", () => {
    expect(parseConfig({}).stripe).toEqual({ mode: "emulator" });
    expect(parseConfig({ NODE_ENV: "test" }).stripe).toEqual({ mode: "emulator" });
    expect(parseConfig({ NODE_ENV: "production" }).stripe).toEqual({ mode: "off" });
    expect(parseConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "" }).stripe).toEqual({ mode: "off" });
  });

  test("with keys: the real Stripe, in production and outside it; several webhook secrets comma-separated", () => {
    expect(parseConfig({ ...keys, NODE_ENV: "production", STRIPE_PUBLISHABLE_KEY: "pk_test_51abc" }).stripe).toEqual({
      mode: "stripe",
      secretKey: "sk_test_51abc",
      publishableKey: "pk_test_51abc",
      webhookSecrets: ["whsec_abc"],
      apiBase: null,
    });
    const c = parseConfig({ ...keys, STRIPE_WEBHOOK_SECRET: "whsec_platform, whsec_connect" }).stripe;
    expect(c).toMatchObject({ mode: "stripe", publishableKey: null, webhookSecrets: ["whsec_platform", "whsec_connect"] });
    expect(parseConfig({ STRIPE_SECRET_KEY: "rk_live_x1", STRIPE_WEBHOOK_SECRET: "whsec_x", NODE_ENV: "production" }).stripe.mode).toBe("stripe");
  });

  test("STRIPE_API_BASE gives the SDK's host, port and protocol", () => {
    expect(parseConfig({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:12111" }).stripe).toMatchObject({ apiBase: { host: "127.0.0.1", port: 12111, protocol: "http" } });
    expect(parseConfig({ ...keys, STRIPE_API_BASE: "https://stripe-proxy.example/" }).stripe).toMatchObject({
      apiBase: { host: "stripe-proxy.example", port: 443, protocol: "https" },
    });
  });

  test.each([
    [{ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_a", STRIPE_PUBLISHABLE_KEY: "sk_test_abc" }, "STRIPE_PUBLISHABLE_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_a", STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }, "STRIPE_PUBLISHABLE_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_a", STRIPE_API_BASE: "http://x/v1" }, "STRIPE_API_BASE"],
    [{ STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }, "STRIPE_PUBLISHABLE_KEY"],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_abc", NODE_ENV: "production" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_API_BASE: "http://127.0.0.1:12111" }, "STRIPE_API_BASE"],
  ])("Stripe settings fail fast: %p", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}: `));
  });
});
