import { createSchema, createYoga } from "graphql-yoga";
import { GraphQLScalarType, Kind } from "graphql";
import type { Ctx, Deps } from "../context";
import { createRequestContext } from "../http/request-context";
import { formatGraphqlError, graphqlErrorPlugins } from "./errors";
import { graphqlProtection } from "./limits";
import { resolvers, typeDefs } from "./schema";

const DateTime = new GraphQLScalarType({
  name: "DateTime",
  serialize: (v) => (v instanceof Date ? v.toISOString() : String(v)),
  parseValue: (v) => new Date(String(v)),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? new Date(ast.value) : null),
});

/** /graphql: the compatibility endpoint for the native wrapper (graphql-yoga over the same services). */
export function createGraphqlHandler(deps: Deps) {
  const yoga = createYoga<{ ctx: Ctx }>({
    schema: createSchema({ typeDefs, resolvers: { ...resolvers, DateTime } }),
    graphqlEndpoint: "/graphql",
    graphiql: deps.config.env !== "production",
    plugins: [
      ...graphqlProtection({ introspection: deps.config.graphqlIntrospection, production: deps.config.env === "production" }),
      ...graphqlErrorPlugins(deps.logger),
    ],
    landingPage: false,
    maskedErrors: { maskError: (error) => formatGraphqlError(error) },
    logging: false,
  });
  return async (req: Request, remoteAddress: string | null): Promise<Response> => {
    const resHeaders = new Headers();
    const ctx = await createRequestContext(deps, req, resHeaders, remoteAddress);
    const res = await yoga.fetch(req, { ctx });
    for (const cookie of resHeaders.getSetCookie()) res.headers.append("Set-Cookie", cookie);
    return res;
  };
}
