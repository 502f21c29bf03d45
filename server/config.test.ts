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
    expect(c.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/kr" });
    expect(c.seed).toBe("none");
    expect(c.publicUrl).toBe("https://kickrunde.de");
    expect(c.secureCookies).toBe(true);
  });

  test.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ SEED: "lots" }, "SEED"],
  ])("fails fast with a clear message: %p", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}: `));
  });
});
