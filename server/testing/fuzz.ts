import { ERROR_CODES } from "@shared/errors";
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import fc from "fast-check";
import { createApp } from "../app";
import type { Deps } from "../context";
import { eq } from "drizzle-orm";
import { addresses, organizations, users } from "../db/schema";
import { createSession } from "../domains/auth/sessions";
import { newCsrfToken } from "../http/csrf";
import { createCourt, createGameRow, createRegion, createUser } from "./factories";

/**
 * Property-based fuzzing of the two transports (server/fuzz/*.fuzz.test.ts): inputs of any shape,
 * and inputs shaped like a procedure's schema with single fields spoilt, sent through the real
 * HTTP app. The property is always the same: no 5xx, and every error names a known code.
 */

/** How many generated inputs each schema gets (the issue asks for at least 1,000). */
export const RUNS_PER_SCHEMA = Number(process.env.FUZZ_RUNS ?? 1000);
/** One seed per run, printed with every failure, so a failure can be replayed with FUZZ_SEED. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const CONTROL_CHARS = ["\u0000", "\u0001", "\u0007", "\b", "\u000b", "\u000c", "\u001b", "\u007f", "\u0085", "\u009f"];

/** A string with a control character (NUL most often) somewhere inside. */
export const withControlChar = (base: fc.Arbitrary<string>) =>
  fc
    .tuple(base, fc.oneof({ weight: 3, arbitrary: fc.constant("\u0000") }, { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARS) }), fc.nat())
    .map(([s, c, at]) => {
      const i = s.length ? at % (s.length + 1) : 0;
      return s.slice(0, i) + c + s.slice(i);
    });

const trickyStrings = fc.constantFrom(
  "",
  " ",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e999",
  "2147483648",
  "9007199254740993",
  "0x10",
  "1.5",
  "null",
  "true",
  "\ud800",
  "%00",
  "\\u0000",
  "' or 1=1; --",
  "<script>alert(1)</script>",
  "$' $& $`",
  "de-DE",
  "delete",
);

export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: withControlChar(fc.string({ maxLength: 20 })) },
  { weight: 3, arbitrary: trickyStrings },
  { weight: 1, arbitrary: fc.integer({ min: 500, max: 20_000 }).map((n) => "x".repeat(n)) },
);

export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, -0, 0.5, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MIN_VALUE, -(2 ** 31), -(2 ** 31) - 1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.maxSafeInteger(),
);

/**
 * Nested arrays and objects far deeper than any schema (walkers that recurse must not fall over): mostly 50-1,000
 * levels, now and then 3,000. Serialising a value costs the square of its depth (JSON.stringify's cycle check walks its
 * stack per level: 0.4 ms at 1,000, 3.4 ms at 3,000), and evenly spread depths up to 3,000 made that a quarter of the
 * tRPC fuzz's time.
 */
const deeplyNested = fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 50, max: 1000 }) }, { weight: 1, arbitrary: fc.constant(3000) }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

/** Any JSON value, biased towards the values that break servers. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, { $date: "nonsense" }, { $date: 5 }, { json: null }) },
  { weight: 1, arbitrary: deeplyNested },
);

/** Values that fixtures made real: ids of rows that exist, a region's slug, a registered device. */
export type FuzzHints = { ids: number[]; slugs: string[]; tokens: string[] };

type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };
type Check = { _zod: { def: { check: string; value?: number; inclusive?: boolean; maximum?: number; minimum?: number; format?: string } } };

function stringArb(def: ZodLike["_zod"]["def"], key: string, hints: FuzzHints): fc.Arbitrary<string> {
  const checks = (def.checks as Check[] | undefined) ?? [];
  const max = checks.find((c) => c._zod.def.check === "max_length")?._zod.def.maximum;
  const choices: fc.Arbitrary<string>[] = [fc.string({ maxLength: 30 }), withControlChar(fc.string({ maxLength: 30 })), trickyStrings];
  if (max !== undefined && max <= 20_000) choices.push(fc.constantFrom("a".repeat(max), "a".repeat(max + 1), `${"a".repeat(max - 1)}\u0000`));
  if (/token/i.test(key) && hints.tokens.length) choices.push(fc.constantFrom(...hints.tokens), withControlChar(fc.constantFrom(...hints.tokens)));
  if (/slug/i.test(key) && hints.slugs.length) choices.push(fc.constantFrom(...hints.slugs));
  if (def.format === "email" || /email/i.test(key)) choices.push(fc.emailAddress(), withControlChar(fc.emailAddress()));
  if (def.format === "url") choices.push(fc.webUrl(), fc.constantFrom("https://127.0.0.1/x", "http://[::1]/", "https://push.example.org/\u0000"));
  if (/date|birth/i.test(key)) choices.push(fc.constantFrom("2000-01-01", "2000-02-30", "0000-00-00", "99999-01-01", "2000-01-01\u0000"));
  return fc.oneof(...choices);
}

function numberArb(def: ZodLike["_zod"]["def"], key: string, hints: FuzzHints): fc.Arbitrary<number> {
  const checks = (def.checks as Check[] | undefined) ?? [];
  const min = checks.find((c) => c._zod.def.check === "greater_than")?._zod.def.value ?? -1000;
  const max = checks.find((c) => c._zod.def.check === "less_than")?._zod.def.value ?? 1000;
  const choices: fc.Arbitrary<number>[] = [fc.integer({ min: Math.max(min - 2, -(2 ** 40)), max: Math.min(max + 2, 2 ** 40) }), junkNumber];
  if (/id$/i.test(key) && hints.ids.length) {
    // Mostly ids of rows that exist, so the rest of the input is what gets tested.
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...hints.ids) }, { weight: 1, arbitrary: fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1) }, ...choices);
  }
  return fc.oneof(...choices);
}

/**
 * An arbitrary shaped like the zod schema, where each field is plausible (fixture ids, boundary
 * numbers, strings with control characters, lengths at and over the limit), junk of any type, or left out.
 */
export function arbitraryForSchema(schema: unknown, hints: FuzzHints, key = ""): fc.Arbitrary<unknown> {
  const def = (schema as ZodLike)._zod.def;
  const inner = (s: unknown) => arbitraryForSchema(s, hints, key);
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([k, v]) => [k, fc.oneof({ weight: 4, arbitrary: arbitraryForSchema(v, hints, k) }, { weight: 1, arbitrary: junkValue })]),
      );
      const keys = Object.keys(shape);
      if (keys.length === 0) return fc.constant({});
      // Usually every field, sometimes a few left out; now and then an unknown extra key.
      const everyField = fc
        .tuple(fc.record(fields), fc.array(fc.constantFrom(...keys, "__proto__", "constructor"), { maxLength: 2 }), fc.option(junkValue, { freq: 8 }))
        .map(([record, drop, extra]) => {
          const out: Record<string, unknown> = { ...record };
          for (const k of drop) delete out[k];
          if (extra !== null) out.extra = extra;
          return out;
        });
      // Or only the required fields (ids most likely real) and one other field, so a single bad value
      // gets past the rest of the schema and reaches the service and the database.
      const required = keys.filter((k) => !["optional", "default", "prefault", "nullable"].includes((shape[k] as ZodLike)._zod.def.type));
      const oneField = fc
        .tuple(
          fc.record(Object.fromEntries(required.map((k) => [k, arbitraryForSchema(shape[k], hints, k)]))),
          fc.constantFrom(...keys).chain((k) => fields[k]!.map((v) => [k, v] as const)),
        )
        .map(([base, [k, v]]) => ({ ...base, [k]: v }));
      return fc.oneof(everyField, oneField);
    }
    case "optional":
      return fc.oneof(inner(def.innerType), fc.constant(undefined));
    case "nullable":
      return fc.oneof(inner(def.innerType), fc.constant(null));
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return fc.oneof(inner(def.innerType), fc.constant(undefined));
    case "pipe":
      return inner(def.in);
    case "string":
      return stringArb(def, key, hints);
    case "number":
      return numberArb(def, key, hints);
    case "boolean":
      return fc.boolean();
    case "date":
      return fc.oneof(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((d) => ({ $date: d.toISOString() })),
        fc.constantFrom({ $date: "nonsense" }, { $date: "+275760-09-13T00:00:00.001Z" }, { $date: null }, "2026-01-01T10:00:00Z"),
      );
    case "enum":
      return fc.oneof(fc.constantFrom(...Object.values(def.entries as Record<string, string>)), junkString);
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "array":
      return fc.array(inner(def.element), { maxLength: 4 });
    case "union":
      return fc.oneof(...(def.options as unknown[]).map(inner));
    default:
      return junkValue;
  }
}

/** Every error must carry a code of shared/errors.ts other than UNEXPECTED, with a short one-line message. */
export function errorProblem(code: unknown, message: unknown): string | null {
  if (typeof code !== "string" || !Object.hasOwn(ERROR_CODES, code)) return `unknown error code ${String(code)}`;
  if (code === "UNEXPECTED") return "UNEXPECTED";
  if (typeof message !== "string" || message.length === 0 || message.length > 200 || /\n/.test(message))
    return `unclear message ${JSON.stringify(message)?.slice(0, 200)}`;
  return null;
}

export type Role = "anonymous" | "user" | "admin";

/** Fixtures the fuzzers aim at, and a requester that signs each request in as the given role. */
export async function fuzzWorld(deps: Deps) {
  const region = await createRegion(deps, { featured: true });
  // Everything payment onboarding needs, so payments.createAccountLink and its GraphQL twin reach Stripe (the emulator).
  const user = await createUser(deps, { emailVerifiedAt: new Date(), regionId: region.id, lastName: "Fuzz", dateOfBirth: "1990-01-01" });
  await deps.db.insert(addresses).values({ userId: user.id, line1: "Torstraße 12", postalCode: "10119", town: "Berlin", country: "DE" });
  const admin = await createUser(deps, { emailVerifiedAt: new Date(), isAdmin: true, regionId: region.id });
  const court = await createCourt(deps, { regionId: region.id });
  const start = new Date(deps.clock.now().getTime() + 3 * 24 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  const game = await createGameRow(deps, { creatorId: user.id, regionId: region.id, courtId: court.id, startTime: start, description: "Kick" });
  const adminGame = await createGameRow(deps, { creatorId: admin.id, regionId: region.id, startTime: new Date(start.getTime() + 3600_000) });
  // courts.get, organizations.get and the uploads aim at these (the user is a member of the organisation)
  const [organization] = await deps.db.insert(organizations).values({ name: "Fuzz e.V." }).returning();
  await deps.db.update(users).set({ organizationId: organization!.id }).where(eq(users.id, user.id));
  const hints: FuzzHints = {
    ids: [region.id, user.id, admin.id, court.id, game.id, adminGame.id, organization!.id],
    slugs: [region.slug],
    tokens: ["fcm-token-of-the-fuzzer", "web-fuzzer"],
  };
  const app = createApp(deps, null);
  const csrf = newCsrfToken();
  const sessionFor = async (role: Role) => (await createSession(deps, role === "admin" ? admin.id : user.id, "fuzz")).token;
  let shared = { user: await sessionFor("user"), admin: await sessionFor("admin") };
  /** New sessions for the next batch (a fuzzed logout may have ended the shared ones). */
  async function renewSessions() {
    shared = { user: await sessionFor("user"), admin: await sessionFor("admin") };
  }
  /** `fresh`: a session of its own, for operations that end sessions (logout, deleting the account, a new password). */
  async function request(role: Role, path: string, init: RequestInit = {}, fresh = false): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = [`${CSRF_COOKIE}=${csrf}`];
    if (role !== "anonymous") cookies.push(`${SESSION_COOKIE}=${fresh ? await sessionFor(role) : shared[role]}`);
    headers.set("cookie", cookies.join("; "));
    headers.set(CSRF_HEADER, csrf);
    headers.set("origin", deps.config.publicUrl);
    return app.fetch(new Request(new URL(path, deps.config.publicUrl), { ...init, headers }));
  }
  /**
   * A request of an administrator made for it: the fuzz's own admin may have lost the role meanwhile (a fuzzed
   * admin.setUserRoles or blockUser aims at its id too), so clean-ups that must pass sign in as a new one.
   */
  async function requestAsNewAdmin(path: string, init: RequestInit = {}): Promise<Response> {
    const fresh = await createUser(deps, { emailVerifiedAt: new Date(), isAdmin: true, regionId: region.id });
    const headers = new Headers(init.headers);
    headers.set("cookie", `${CSRF_COOKIE}=${csrf}; ${SESSION_COOKIE}=${(await createSession(deps, fresh.id, "fuzz")).token}`);
    headers.set(CSRF_HEADER, csrf);
    headers.set("origin", deps.config.publicUrl);
    return app.fetch(new Request(new URL(path, deps.config.publicUrl), { ...init, headers }));
  }
  return { region, user, admin, court, game, adminGame, hints, request, requestAsNewAdmin, renewSessions, app };
}

/** Runs `check` over all samples, `concurrency` at a time; returns the failures (at most `keep`). */
export async function runConcurrently<T>(samples: T[], concurrency: number, check: (s: T) => Promise<string | null>, keep = 5) {
  const failures: { sample: T; problem: string }[] = [];
  const kinds: Record<string, number> = {};
  let count = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < samples.length) {
        const sample = samples[next++]!;
        const problem = await check(sample).catch((e: unknown) => `threw ${String(e)}`);
        if (problem) {
          count++;
          const kind = /status 5\d\d/.test(problem) ? "5xx" : /UNEXPECTED/.test(problem) ? "unexpected" : /unclear message/.test(problem) ? "unclear message" : "other";
          kinds[kind] = (kinds[kind] ?? 0) + 1;
          if (failures.length < keep) failures.push({ sample, problem });
        }
      }
    }),
  );
  return { count, failures, kinds };
}

/** For failure reports: long strings and deep nesting shortened. */
export function preview(value: unknown): string {
  const s = JSON.stringify(value, (_k, v) => (typeof v === "string" && v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v)) ?? String(value);
  return s.length > 400 ? `${s.slice(0, 400)}…` : s;
}
