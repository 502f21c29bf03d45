import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getNamedType, isObjectType, type GraphQLField } from "graphql";
import { createSchema } from "graphql-yoga";
import { ZodError } from "zod";
import { SESSION_COOKIE } from "@shared/constants";
import type { Deps } from "./context";
import { createSession } from "./domains/auth/sessions";
import { resolvers, typeDefs } from "./graphql/schema";
import { GUEST_KEY_COOKIE } from "./http/cookies";
import { AppError } from "./lib/errors";
import { appRouter } from "./trpc/router";
import { GRAPHQL_ONLY_POLICY, POLICY, type Cells, type Outcome, type Row } from "./testing/authz-matrix";
import { buildWorld, ROLES, type Role, type World } from "./testing/authz-world";
import { callerFor } from "./testing/caller";
import { createUser } from "./testing/factories";
import { GRAPHQL_ONLY, GRAPHQL_TWINS } from "./testing/graphql-twins";
import { httpClient } from "./testing/http-client";
import { testClock } from "./testing/test-clock";
import { dropTestDatabase, testDeps } from "./testing/test-db";
import { depsWithUploadDir, jpeg } from "./testing/upload";

/**
 * Issue 24 item 4: every procedure and operation × every role, on both transports, against the policy
 * table in server/testing/authz-matrix.ts. One world (server/testing/authz-world.ts), built once.
 */
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
const schema = createSchema({ typeDefs, resolvers });
const rootFields = { ...schema.getQueryType()!.getFields(), ...schema.getMutationType()!.getFields() };
const isMutation = (name: string) => name in schema.getMutationType()!.getFields();

let deps: Deps;
let world: World;
let cleanup = () => {};
let tick = 0;
let base = 0;
beforeAll(async () => {
  const uploads = depsWithUploadDir(await testDeps());
  deps = uploads.deps;
  cleanup = uploads.cleanup;
  base = deps.clock.now().getTime();
  world = await buildWorld(deps);
});
afterAll(async () => {
  cleanup();
  await dropTestDatabase();
});

/**
 * Each call 150 s after the one before, so per-user intervals (a game every 2 minutes, the chat's
 * seconds) never couple two cells; about two days pass over the whole table, the world's games and
 * bookings lie beyond.
 */
function nextMoment() {
  testClock.freeze(new Date(base + 60_000 + ++tick * 150_000));
}

/** The session (or guest key) a cell acts with; `fresh`: a new user of the role, for calls that end the account. */
async function identity(role: Role, fresh: boolean): Promise<{ token: string | null; guestKey: string | null; userId: number | null }> {
  if (role === "anonymous") return { token: null, guestKey: null, userId: null };
  if (role === "guestDevice") return { token: null, guestKey: world.guestKey, userId: null };
  let user = world.roleUsers[role];
  if (fresh) {
    const { id: _id, email: _email, createdAt: _c, updatedAt: _u, ...values } = user as typeof user & { createdAt?: Date; updatedAt?: Date };
    user = await createUser(deps, values);
  }
  return { token: (await createSession(deps, user.id, "authz-matrix")).token, guestKey: null, userId: user.id };
}

function outcomeOf(error: unknown): Outcome {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause instanceof AppError) return cause.code;
  if (cause instanceof ZodError) return "VALIDATION";
  throw error;
}

async function trpcCell(path: string, row: Row, role: Role): Promise<Outcome> {
  nextMoment();
  const { token, guestKey, userId } = await identity(role, !!row.freshViewer);
  const input = await row.input?.(world, userId);
  const { caller, ctx } = await callerFor(deps, { token });
  if (guestKey) ctx.meta.guestKey = guestKey;
  const call = path.split(".").reduce((at: any, key) => at[key], caller) as (input: unknown) => Promise<unknown>;
  try {
    const result = await call(input);
    if (procedures[path]!._def.type === "subscription") await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
    return row.empty?.test(result) ? "EMPTY" : "OK";
  } catch (e) {
    return outcomeOf(e);
  }
}

const wire = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.map(wire) : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wire(v)])) : value;

/** The operation with exactly the given variables, typed as the schema declares its arguments. */
function documentFor(field: GraphQLField<unknown, unknown>, variables: Record<string, unknown>, file?: string, select = "__typename") {
  const names = [...Object.keys(variables), ...(file ? [file] : [])];
  for (const n of names) if (!field.args.some((a) => a.name === n)) throw new Error(`${field.name} has no argument ${n}`);
  const args = field.args.filter((a) => names.includes(a.name));
  const vars = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const call = args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isObjectType(getNamedType(field.type)) ? ` { ${select} }` : "";
  return `${isMutation(field.name) ? "mutation" : "query"}${vars ? `(${vars})` : ""} { ${field.name}${call ? `(${call})` : ""}${selection} }`;
}

const picture = jpeg(8, 8, () => [200, 30, 30]);

async function graphqlCell(op: string, row: Row & { file?: string }, role: Role, toVariables: (input: any, w: World) => Record<string, unknown>): Promise<Outcome> {
  nextMoment();
  const { token, guestKey, userId } = await identity(role, !!row.freshViewer);
  const input = await row.input?.(world, userId);
  const variables = wire(Object.fromEntries(Object.entries(toVariables(input ?? {}, world)).filter(([, v]) => v !== undefined))) as Record<string, unknown>;
  const client = httpClient(deps); // a new browser per cell: a guest key one call hands out never leaks into the next
  if (token) client.jar.set(SESSION_COOKIE, token);
  if (guestKey) client.jar.set(GUEST_KEY_COOKIE, guestKey);
  const query = documentFor(rootFields[op]!, variables, row.file, row.empty?.select);
  let body: { data?: Record<string, unknown> | null; errors?: { extensions: Record<string, unknown> }[] };
  if (row.file) {
    await client.request("/api/csrf");
    const form = new FormData();
    form.append("operations", JSON.stringify({ query, variables: { ...variables, [row.file]: null } }));
    form.append("map", JSON.stringify({ 0: [`variables.${row.file}`] }));
    form.append("0", new File([picture as BlobPart], "picture.jpg", { type: "image/jpeg" }));
    body = await (await client.request("/graphql", { method: "POST", body: form })).json();
  } else {
    body = (await client.graphql(query, variables)).body;
  }
  const code = body.errors?.[0]?.extensions.code as Outcome | undefined;
  return code ?? (row.empty?.test(body.data?.[op]) ? "EMPTY" : "OK");
}

/** A row's cells as the table would write them, for the failure message. */
function asCode(cells: Cells): string {
  return `{ ${ROLES.map((r) => `${r}: "${cells[r]}"`).join(", ")} }`;
}

async function cellsOf(run: (role: Role) => Promise<Outcome>): Promise<Cells> {
  const cells = {} as Cells;
  for (const role of ROLES) cells[role] = await run(role);
  return cells;
}

describe("authorisation matrix", () => {
  test("every procedure of the router has its row, and every row a procedure", () => {
    expect(Object.keys(POLICY).sort()).toEqual(Object.keys(procedures).sort());
  });

  test("every GraphQL operation without a tRPC twin has its row", () => {
    expect(Object.keys(GRAPHQL_ONLY_POLICY).sort()).toEqual(Object.keys(GRAPHQL_ONLY).sort());
  });

  for (const [path, row] of Object.entries(POLICY)) {
    const twins = GRAPHQL_TWINS[path] ?? [];
    test(`${path}${twins.length ? ` / ${twins.join(", ")}` : ""}`, async () => {
      const actual: Record<string, Cells> = { [path]: await cellsOf((role) => trpcCell(path, row, role)) };
      const wanted: Record<string, Cells> = { [path]: row.expect };
      for (const op of twins) {
        actual[op] = await cellsOf((role) => graphqlCell(op, row, role, row.graphql?.[op] ?? ((i) => i)));
        wanted[op] = { ...row.expect, ...row.graphqlExpect };
      }
      if (!Bun.deepEquals(actual, wanted)) console.log(Object.entries(actual).map(([k, c]) => `${k}: ${asCode(c)}`).join("\n"));
      expect(actual).toEqual(wanted);
    });
  }

  for (const [op, row] of Object.entries(GRAPHQL_ONLY_POLICY)) {
    test(`${op} (GraphQL only)`, async () => {
      const actual = await cellsOf((role) => graphqlCell(op, row, role, (i) => i));
      if (!Bun.deepEquals(actual, row.expect)) console.log(`${op}: ${asCode(actual)}`);
      expect(actual).toEqual(row.expect);
    });
  }
});
