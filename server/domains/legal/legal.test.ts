import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, DEMO_LEGAL, parseConfig, productionRefusal, REQUIRED_LEGAL_SETTINGS } from "../../config";
import type { Deps } from "../../context";
import { callerFor } from "../../testing/caller";
import { startServerProcess, TEST_LEGAL_ENV, type ServerProcess } from "../../testing/server-process";
import { testDeps } from "../../testing/test-db";
import { transformer } from "@shared/transformer";

/** The Impressum's and Datenschutz's data from LEGAL_* (issue 26): parsed, refused in production without them, served. */

const FULL = {
  LEGAL_OPERATOR: "Bolzplatz Betriebs GmbH",
  LEGAL_ADDRESS: "Am Anstoß 7;  20095 Hamburg ; Deutschland",
  LEGAL_REGISTER: "Amtsgericht Hamburg, HRB 123456",
  LEGAL_CONTACT_EMAIL: "kontakt@bolzplatz.example",
  LEGAL_CONTACT_PHONE: "+49 40 1234567",
  LEGAL_REPRESENTATIVE: "Geschäftsführerin: Jana Elf",
  LEGAL_VAT_ID: "DE123456789",
  LEGAL_DATA_PROTECTION_EMAIL: "datenschutz@bolzplatz.example",
};

describe("LEGAL_* configuration", () => {
  test("all set: the values, address lines split at ;", () => {
    expect(parseConfig({ NODE_ENV: "production", ...FULL }).legal).toEqual({
      operator: "Bolzplatz Betriebs GmbH",
      addressLines: ["Am Anstoß 7", "20095 Hamburg", "Deutschland"],
      register: "Amtsgericht Hamburg, HRB 123456",
      contactEmail: "kontakt@bolzplatz.example",
      contactPhone: "+49 40 1234567",
      representative: "Geschäftsführerin: Jana Elf",
      vatId: "DE123456789",
      dataProtectionEmail: "datenschutz@bolzplatz.example",
      demo: false,
    });
  });

  test("the optional ones may be left out", () => {
    const { LEGAL_REGISTER: _r, LEGAL_CONTACT_PHONE: _p, LEGAL_VAT_ID: _v, ...required } = FULL;
    expect(parseConfig({ NODE_ENV: "production", ...required, LEGAL_VAT_ID: "" }).legal).toMatchObject({ register: null, contactPhone: null, vatId: null, demo: false });
  });

  test("none set: the marked demo values outside production", () => {
    for (const env of [{}, { NODE_ENV: "test" }, { NODE_ENV: "development" }]) {
      const legal = parseConfig(env).legal;
      expect(legal).toMatchObject({ operator: DEMO_LEGAL.operator, demo: true });
      expect(productionRefusal(parseConfig(env))).toBeNull();
    }
    expect(DEMO_LEGAL.operator).toContain("Demo");
  });

  test("production without them: refused, naming every required setting", () => {
    const refusal = productionRefusal(parseConfig({ NODE_ENV: "production" }));
    expect(refusal).not.toBeNull();
    for (const name of REQUIRED_LEGAL_SETTINGS) expect(refusal).toContain(name);
    expect(productionRefusal(parseConfig({ NODE_ENV: "production", ...FULL }))).toBeNull();
  });

  test("some set but a required one missing: refused in every environment, naming the missing ones", () => {
    const { LEGAL_REPRESENTATIVE: _, LEGAL_DATA_PROTECTION_EMAIL: __, ...partial } = FULL;
    for (const env of [{}, { NODE_ENV: "production" }]) {
      let error: unknown;
      try {
        parseConfig({ ...env, ...partial });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain("LEGAL_REPRESENTATIVE, LEGAL_DATA_PROTECTION_EMAIL");
      expect((error as Error).message).not.toContain("LEGAL_OPERATOR");
    }
  });

  test("wrong values are refused with the variable's name", () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...FULL, LEGAL_CONTACT_EMAIL: "keine-adresse" }, "LEGAL_CONTACT_EMAIL"],
      [{ ...FULL, LEGAL_DATA_PROTECTION_EMAIL: "a@b" }, "LEGAL_DATA_PROTECTION_EMAIL"],
      [{ ...FULL, LEGAL_OPERATOR: "Zeile\nzwei" }, "LEGAL_OPERATOR"],
      [{ ...FULL, LEGAL_VAT_ID: "123" }, "LEGAL_VAT_ID"],
      [{ ...FULL, LEGAL_CONTACT_PHONE: "ruf an" }, "LEGAL_CONTACT_PHONE"],
    ];
    for (const [env, name] of cases) expect(() => parseConfig(env)).toThrow(name);
  });
});

describe("legal.info", () => {
  let deps: Deps;
  beforeAll(async () => {
    deps = await testDeps();
  });

  test("answers the configuration to anyone", async () => {
    const configured = { ...deps, config: { ...deps.config, legal: parseConfig({ ...FULL }).legal } };
    const info = await (await callerFor(configured)).caller.legal.info();
    expect(info).toMatchObject({ operator: "Bolzplatz Betriebs GmbH", addressLines: ["Am Anstoß 7", "20095 Hamburg", "Deutschland"], vatId: "DE123456789", demo: false });
    expect((await (await callerFor(deps)).caller.legal.info()).demo).toBe(true);
  });
});

const root = join(import.meta.dir, "..", "..", "..");

describe("the production boot", () => {
  test("refuses to start without LEGAL_*, with a message naming them", async () => {
    const blank = Object.fromEntries(Object.keys({ ...TEST_LEGAL_ENV, ...FULL }).map((k) => [k, ""]));
    const proc = Bun.spawn([process.execPath, "server/index.ts"], {
      cwd: root,
      env: { ...process.env, ...blank, NODE_ENV: "production", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", PORT: "0", LOG_LEVEL: "silent" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect(code).toBe(1);
    expect(stderr).toContain("Refusing to start in production");
    for (const name of REQUIRED_LEGAL_SETTINGS) expect(stderr).toContain(name);
  }, 30_000);
});

describe.skipIf(!process.env.DATABASE_URL)("a production server with LEGAL_*", () => {
  let server: ServerProcess;
  let deps: Deps;
  beforeAll(async () => {
    deps = await testDeps();
    server = await startServerProcess(deps.database.url!, { NODE_ENV: "production", SMTP_URL: "", ...FULL });
  }, 30_000);
  afterAll(() => server?.stop());

  test("starts and serves them to the pages", async () => {
    const res = await fetch(`${server.url}/trpc/legal.info`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: unknown } };
    expect(transformer.deserialize(body.result.data as never)).toMatchObject({ operator: "Bolzplatz Betriebs GmbH", representative: "Geschäftsführerin: Jana Elf", demo: false });
  });
});
