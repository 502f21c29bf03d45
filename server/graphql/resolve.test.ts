import { describe, expect, test } from "bun:test";
import { graphql } from "graphql";
import { createSchema } from "graphql-yoga";
import { z } from "zod";
import { zId } from "@shared/schemas/common";
import type { Ctx } from "../context";
import { AppError } from "../lib/errors";
import { legacy, resolver } from "./resolve";

/** The resolver helper on its own: what reaches the service from the wrapper's arguments. */
const ZEcho = z.object({
  id: zId,
  ids: z.array(zId).default([]),
  items: z.array(z.object({ participationId: zId })).default([]),
  /** null has a meaning here ("no court") */
  courtId: zId.nullable().optional(),
  /** null has none here: it counts as not given, so the default applies */
  count: z.number().int().default(1),
});

const schema = createSchema({
  typeDefs: /* GraphQL */ `
    input Item { participationId: ID! }
    type Query {
      echo(id: ID!, ids: [ID!], items: [Item!], courtId: ID, count: Int): String!
      legacyEcho(gameId: ID!, duration: Int, count: Int): String!
    }
  `,
  resolvers: {
    Query: {
      echo: resolver(ZEcho, (_ctx, input) => input, (input) => JSON.stringify(input)),
      legacyEcho: resolver(
        legacy(ZEcho, (a) => ({ id: a.gameId, count: a.duration })),
        (_ctx, input) => input,
        (input) => JSON.stringify(input),
      ),
    },
  },
});

async function run(source: string, variableValues?: Record<string, unknown>) {
  const result = await graphql({ schema, source, variableValues, contextValue: { ctx: {} as Ctx } });
  const error = result.errors?.[0]?.originalError;
  if (error) return error instanceof AppError ? error.toData() : String(error);
  return JSON.parse(Object.values(result.data as Record<string, string>)[0]!);
}

describe("resolver(): the wrapper's arguments as the shared schema reads them", () => {
  test("ids arrive as numbers, also in lists and input objects", async () => {
    expect(await run(`{ echo(id: "7", ids: ["8", "9"], items: [{ participationId: "10" }], courtId: "11") }`)).toEqual({
      id: 7,
      ids: [8, 9],
      items: [{ participationId: 10 }],
      courtId: 11,
      count: 1,
    });
  });

  test("a null means 'none' where the shared schema accepts it, else 'not given' (variables the wrapper sends empty)", async () => {
    const q = `query($courtId: ID, $count: Int, $ids: [ID!]) { echo(id: 1, courtId: $courtId, count: $count, ids: $ids) }`;
    expect(await run(q, { courtId: null, count: null, ids: null })).toEqual({ id: 1, ids: [], items: [], courtId: null, count: 1 });
    expect(await run(q, {})).toEqual({ id: 1, ids: [], items: [], count: 1 });
  });

  test("an id that is no integer id is refused by the shared schema, with its field path", async () => {
    expect(await run(`{ echo(id: "2147483648") }`)).toEqual({ code: "VALIDATION", fields: [{ path: "id", code: "id_invalid" }] });
    expect(await run(`{ echo(id: "1", items: [{ participationId: "x" }]) }`)).toEqual({
      code: "VALIDATION",
      fields: [{ path: "items.0.participationId", code: "id_invalid" }],
    });
  });

  test("legacy(): old names mapped onto the shared schema, nulls judged by the shared field", async () => {
    expect(await run(`{ legacyEcho(gameId: "5", duration: 90) }`)).toEqual({ id: 5, ids: [], items: [], count: 90 });
    expect(await run(`{ legacyEcho(gameId: "5", duration: null) }`)).toEqual({ id: 5, ids: [], items: [], count: 1 });
    expect(await run(`{ legacyEcho(gameId: "0") }`)).toEqual({ code: "VALIDATION", fields: [{ path: "id", code: "id_invalid" }] });
  });
});
