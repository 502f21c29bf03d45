import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { createSchema } from "graphql-yoga";
import type { Deps } from "../context";
import { resolvers, typeDefs } from "../graphql/schema";
import { errorProblem, FUZZ_SEED, fuzzWorld, junkNumber, junkString, junkValue, preview, RUNS_PER_SCHEMA, runConcurrently, withControlChar, type FuzzHints, type Role } from "../testing/fuzz";
import { testDeps } from "../testing/test-db";

/**
 * Every Query and Mutation field of the executable GraphQL schema, 1,000 generated argument sets
 * each, as variables and as inline literals, of the right type and of wrong types, through the real
 * HTTP app: never a 5xx, never "Unexpected server error", every error a known code (issue 9, item 5).
 */
const schema = createSchema({ typeDefs, resolvers });
const fields = [
  ...Object.values(schema.getQueryType()!.getFields()).map((f) => ({ kind: "query" as const, field: f })),
  ...Object.values(schema.getMutationType()!.getFields()).map((f) => ({ kind: "mutation" as const, field: f })),
];

let deps: Deps;
let world: Awaited<ReturnType<typeof fuzzWorld>>;
beforeAll(async () => {
  deps = await testDeps();
  world = await fuzzWorld(deps);
});

/** A value of the GraphQL input type (plausible: fixture ids, boundary numbers, control characters), now and then junk. */
function valueOf(type: GraphQLInputType, name: string, hints: FuzzHints): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, name, hints);
  const plausible = plausibleValueOf(type, name, hints);
  return fc.oneof({ weight: 8, arbitrary: plausible }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: junkValue });
}

function plausibleValueOf(type: GraphQLInputType, name: string, hints: FuzzHints): fc.Arbitrary<unknown> {
  if (isListType(type)) return fc.array(valueOf(type.ofType, name, hints), { maxLength: 4 });
  if (isInputObjectType(type)) {
    const inner = Object.values(type.getFields()).map((f) => [f.name, valueOf(f.type, f.name, hints)] as const);
    return fc.record(Object.fromEntries(inner), { requiredKeys: [] });
  }
  switch (getNamedType(type).name) {
    case "ID":
      return fc.oneof(
        fc.constantFrom(...hints.ids.map(String)),
        fc.constantFrom("2147483647", "2147483648", "9007199254740993", "0", "-1", "1.5", "1e3", " 1", "abc", "", "1\u0000"),
        fc.constantFrom(...hints.ids),
      );
    case "Int":
      return fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -5, max: 30 }));
    case "Float":
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: -200, max: 200, noNaN: true }), junkNumber);
    case "Boolean":
      return fc.boolean();
    case "DateTime":
      return fc.oneof(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom("nonsense", "2026-13-45T99:00:00Z", "", "+275760-09-13T00:00:00.001Z"),
      );
    case "String": {
      const choices: fc.Arbitrary<unknown>[] = [junkString, withControlChar(fc.string({ maxLength: 20 }))];
      if (/token/i.test(name)) choices.push(fc.constantFrom(...hints.tokens));
      if (/slug/i.test(name)) choices.push(fc.constantFrom(...hints.slugs));
      if (/email/i.test(name)) choices.push(fc.emailAddress());
      if (/language/i.test(name)) choices.push(fc.constantFrom("de", "en-GB", "de-DE", "xx"));
      return fc.oneof(...choices);
    }
    default:
      // File and other scalars: JSON cannot carry a file, so anything goes.
      return junkValue;
  }
}

/** A GraphQL literal for a JSON value (strings escaped as JSON, which GraphQL reads too). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([k]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(k));
  return `{${entries.map(([k, v]) => `${k}: ${literal(v)}`).join(", ")}}`;
}

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  return isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
}

type Call = { args: Record<string, unknown> };
type Sample = { role: Role; inline: boolean; call: Call };
/** Up to this many calls travel as aliases of one document (the wrapper sends one; the limit allows 15). */
const ALIASES = 5;

function documentOf(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, calls: Call[], inline: boolean) {
  const variables: Record<string, unknown> = {};
  const declarations: string[] = [];
  const selections = calls.map((call, i) => {
    const args = field.args
      .filter((a: GraphQLArgument) => call.args[a.name] !== undefined)
      .map((a) => {
        if (inline) return `${a.name}: ${literal(call.args[a.name])}`;
        const v = `v${i}_${a.name}`;
        declarations.push(`$${v}: ${String(a.type)}`);
        variables[v] = call.args[a.name];
        return `${a.name}: $${v}`;
      });
    return `c${i}: ${field.name}${args.length ? `(${args.join(", ")})` : ""}${selectionOf(field)}`;
  });
  return { query: `${kind}${declarations.length ? `(${declarations.join(", ")})` : ""} { ${selections.join(" ")} }`, variables };
}

async function check(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, role: Role, inline: boolean, calls: Call[]): Promise<string | null> {
  const body = JSON.stringify(documentOf(kind, field, calls, inline));
  const res = await world.request(role, "/graphql", { method: "POST", headers: { "content-type": "application/json" }, body });
  const text = await res.text();
  if (res.status >= 500) return `status ${res.status}: ${text.slice(0, 300)} for ${body.slice(0, 300)}`;
  let parsed: { errors?: { message?: unknown; extensions?: { code?: unknown } }[] };
  try {
    parsed = JSON.parse(text);
  } catch {
    return `status ${res.status}, not JSON: ${text.slice(0, 200)}`;
  }
  for (const error of parsed.errors ?? []) {
    const problem = errorProblem(error.extensions?.code, error.message);
    if (problem) return `status ${res.status}: ${problem} (${String(error.message).slice(0, 100)}) for ${body.slice(0, 300)}`;
  }
  return null;
}

describe(`GraphQL fuzz (seed ${FUZZ_SEED}, ${RUNS_PER_SCHEMA} runs per field)`, () => {
  test("the schema has fields to fuzz", () => {
    expect(fields.length).toBeGreaterThan(40);
  });

  for (const { kind, field } of fields) {
    test(`${kind} ${field.name}: no arguments give a 5xx or an unexpected error`, async () => {
      await world.renewSessions();
      const argsArb = fc.record(Object.fromEntries(field.args.map((a) => [a.name, valueOf(a.type, a.name, world.hints)])), { requiredKeys: [] });
      const sampleArb: fc.Arbitrary<Sample> = fc.record({
        role: fc.constantFrom<Role>("anonymous", "user", "user", "admin"),
        inline: fc.boolean(),
        call: fc.record({ args: argsArb }),
      });
      const samples = fc.sample(sampleArb, { numRuns: RUNS_PER_SCHEMA, seed: FUZZ_SEED });
      // Calls of one role and style share a document; a document fails as a whole on a type error, which is fine:
      // every call still travels, and the property holds for the document.
      const requests: { role: Role; inline: boolean; calls: Call[] }[] = [];
      for (const role of ["anonymous", "user", "admin"] as const)
        for (const inline of [false, true]) {
          const calls = samples.filter((s) => s.role === role && s.inline === inline).map((s) => s.call);
          for (let i = 0; i < calls.length; i += ALIASES) requests.push({ role, inline, calls: calls.slice(i, i + ALIASES) });
        }
      const { count, failures, kinds } = await runConcurrently(requests, 8, (r) => check(kind, field, r.role, r.inline, r.calls));
      if (count) console.error(`${field.name}: ${count} failing requests ${JSON.stringify(kinds)} (seed ${FUZZ_SEED}), e.g.\n${failures.map((f) => `  ${f.problem}`).join("\n")}`);
      expect(count).toBe(0);
    }, 60_000);
  }

  test("the junk reaches the resolvers (a well-typed call answers data)", async () => {
    const { query, variables } = documentOf("query", schema.getQueryType()!.getFields().retrieveGame!, [{ args: { id: String(world.game.id) } }], false);
    const res = await world.request("user", "/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) });
    expect(preview(await res.json())).toContain("Game");
  });
});
