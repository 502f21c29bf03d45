import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getNamedType, isEnumType, isListType, isNonNullType, isObjectType, type GraphQLField, type GraphQLInputType } from "graphql";
import { createSchema } from "graphql-yoga";
import { SESSION_COOKIE } from "@shared/constants";
import { ERROR_CODES } from "@shared/errors";
import type { Deps } from "../context";
import { createSession } from "../domains/auth/sessions";
import type { ProcedureMeta } from "../trpc/init";
import { appRouter } from "../trpc/router";
import { callerFor } from "../testing/caller";
import { createUser } from "../testing/factories";
import { DIFFERENT_AUTH, GRAPHQL_ONLY, GRAPHQL_TWINS } from "../testing/graphql-twins";
import { httpClient } from "../testing/http-client";
import { dropTestDatabase, testDeps } from "../testing/test-db";
import type { GqlResolver } from "./resolve";
import { resolvers, typeDefs } from "./schema";

/**
 * Issue 24 item 4: authentication is declared once per operation on both transports, and a GraphQL
 * operation declares what its tRPC twin's procedure does. Built from the router and the schema, so a
 * new procedure or operation is covered (or fails here) without anyone adding it to a list of tests.
 */
type Auth = ProcedureMeta["auth"];
// flat at run time: "games.cancel" → the procedure
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: ProcedureMeta } }>;
const authOf = (path: string): Auth => procedures[path]!._def.meta?.auth;

const schema = createSchema({ typeDefs, resolvers });
const operations = (["Query", "Mutation"] as const).flatMap((kind) => {
  const type = kind === "Query" ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(type.getFields()).map((field) => ({ kind, field, name: field.name }));
});
const declared = (kind: "Query" | "Mutation", name: string): Auth => ((resolvers[kind] as Record<string, GqlResolver>)[name])?.auth;

/** What each GraphQL operation must declare: its twin's procedure kind, or its own where it has none. */
function expectedAuth(name: string): Auth {
  if (name in DIFFERENT_AUTH) return DIFFERENT_AUTH[name];
  if (name in GRAPHQL_ONLY) return GRAPHQL_ONLY[name];
  const twin = Object.entries(GRAPHQL_TWINS).find(([, ops]) => ops.includes(name));
  if (!twin) throw new Error(`${name} has no tRPC twin in server/testing/graphql-twins.ts`);
  return authOf(twin[0]);
}

/** A value of the argument's type that GraphQL accepts (the gate refuses before any argument is read). */
function placeholder(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return placeholder(type.ofType);
  if (isListType(type)) return [];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.value;
  switch (named.name) {
    case "ID":
    case "Int":
    case "Float":
      return 1;
    case "Boolean":
      return false;
    case "DateTime":
      return "2030-01-01T10:00:00.000Z";
    default:
      return "x";
  }
}

/** `mutation($a: T!, …) { op(a: $a, …) { __typename } }` with a placeholder for every required argument. */
function documentFor(kind: "Query" | "Mutation", field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((a) => isNonNullType(a.type));
  const vars = required.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const args = required.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
  const query = `${kind.toLowerCase()}${vars ? `(${vars})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`;
  return { query, variables: Object.fromEntries(required.map((a) => [a.name, placeholder(a.type)])) };
}

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});
afterAll(dropTestDatabase);

async function graphqlAs(token: string | null, name: string) {
  const op = operations.find((o) => o.name === name)!;
  const client = httpClient(deps);
  if (token) client.jar.set(SESSION_COOKIE, token);
  const { query, variables } = documentFor(op.kind, op.field);
  const { body } = await client.graphql(query, variables);
  return { data: body.data, error: body.errors?.[0] };
}

async function trpcAs(token: string | null, path: string) {
  const { caller } = await callerFor(deps, { token });
  const call = path.split(".").reduce((at: any, key) => at[key], caller) as (input: unknown) => Promise<unknown>;
  try {
    await call(undefined); // a subscription's middleware runs here too: refused, it throws
    return "OK";
  } catch (e) {
    return (e as { cause?: { code?: string } }).cause?.code ?? "UNKNOWN";
  }
}

describe("the twin table covers both transports", () => {
  test("every tRPC procedure has its entry, and every entry a procedure", () => {
    expect(Object.keys(GRAPHQL_TWINS).sort()).toEqual(Object.keys(procedures).sort());
  });

  test("every GraphQL operation is one procedure's twin or named as having none, once", () => {
    const listed = [...Object.values(GRAPHQL_TWINS).flat(), ...Object.keys(GRAPHQL_ONLY)];
    expect(listed.filter((n, i) => listed.indexOf(n) !== i)).toEqual([]);
    expect([...listed].sort()).toEqual(operations.map((o) => o.name).sort());
  });

  test("every GraphQL operation declares what its tRPC twin's procedure does", () => {
    const wrong = operations
      .filter((o) => declared(o.kind, o.name) !== expectedAuth(o.name))
      .map((o) => `${o.name}: declares ${declared(o.kind, o.name) ?? "nothing"}, expected ${expectedAuth(o.name) ?? "nothing"}`);
    expect(wrong).toEqual([]);
  });

  test("field resolvers below the root (a game's chat, a user's game lists) declare nothing: their query decided", () => {
    const nested = Object.entries(resolvers)
      .filter(([type]) => type !== "Query" && type !== "Mutation")
      .flatMap(([type, fields]) => Object.entries(fields as Record<string, GqlResolver>).filter(([, r]) => typeof r === "function" && r.auth).map(([f]) => `${type}.${f}`));
    expect(nested).toEqual([]);
  });
});

describe("signed-in-only procedures refuse visitors on both transports", () => {
  const signedInOnly = Object.keys(procedures).filter((p) => authOf(p));
  test("there are some (the router's meta is read)", () => {
    expect(signedInOnly.length).toBeGreaterThan(50);
    expect(signedInOnly).toContain("participation.capturePayments");
  });

  for (const path of signedInOnly) {
    const twins = GRAPHQL_TWINS[path] ?? [];
    test(`${path} (${authOf(path)})${twins.length ? ` and ${twins.join(", ")}` : ""}: UNAUTHENTICATED without a session`, async () => {
      expect(await trpcAs(null, path)).toBe("UNAUTHENTICATED");
      for (const name of twins) {
        const { data, error } = await graphqlAs(null, name);
        expect({ name, code: error?.extensions.code, message: error?.message, data }).toEqual({
          name,
          code: "UNAUTHENTICATED",
          message: "You do not have permission to perform this action",
          data: null,
        });
      }
    });
  }

  const graphqlOnly = operations.filter((o) => expectedAuth(o.name) && !Object.values(GRAPHQL_TWINS).flat().includes(o.name));
  for (const op of [...graphqlOnly, ...operations.filter((o) => o.name in DIFFERENT_AUTH && DIFFERENT_AUTH[o.name])]) {
    test(`${op.name} (GraphQL, ${expectedAuth(op.name)}): UNAUTHENTICATED without a session`, async () => {
      const { data, error } = await graphqlAs(null, op.name);
      expect({ code: error?.extensions.code, message: error?.message, data }).toEqual({ code: "UNAUTHENTICATED", message: ERROR_CODES.UNAUTHENTICATED, data: null });
    });
  }

  test("admin-only procedures and their twins are FORBIDDEN to a signed-in player, before reading the input", async () => {
    const player = await createUser(deps, { emailVerifiedAt: new Date() });
    const { token } = await createSession(deps, player.id, "auth-gate");
    const adminOnly = Object.keys(procedures).filter((p) => authOf(p) === "admin");
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const path of adminOnly) {
      expect({ path, code: await trpcAs(token, path) }).toEqual({ path, code: "FORBIDDEN" });
      for (const name of GRAPHQL_TWINS[path] ?? []) expect({ name, code: (await graphqlAs(token, name)).error?.extensions.code }).toEqual({ name, code: "FORBIDDEN" });
    }
  });
});
