import { useGraphQlJit } from "@envelop/graphql-jit";
import { createSchema, createYoga, type Plugin } from "graphql-yoga";
import { GraphQLError, GraphQLScalarType, Kind, type DocumentNode } from "graphql";
import type { Ctx, Deps } from "../context";
import { createRequestContext } from "../http/request-context";
import type { ErrorReporter } from "../integrations/telemetry/error-reporting";
import { formatGraphqlError, graphqlErrorPlugins } from "./errors";
import { graphqlProtection } from "./limits";
import { resolvers, typeDefs } from "./schema";

const DateTime = new GraphQLScalarType({
  name: "DateTime",
  serialize: (v) => (v instanceof Date ? v.toISOString() : String(v)),
  parseValue: (v) => new Date(String(v)),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? new Date(ast.value) : null),
});

/**
 * A body yoga cannot read (not JSON, not an object) is no well-formed GraphQL-over-HTTP request: 400, as the
 * GraphQL over HTTP spec asks. yoga marks these errors `http.spec`, which it answers with 200 to `application/json`.
 */
const malformedRequestIs400: Plugin = {
  onRequestParse({ requestParser, setRequestParser }) {
    if (!requestParser) return;
    setRequestParser(async (request) => {
      try {
        return await requestParser(request);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        throw new GraphQLError(error.message, { extensions: { ...error.extensions, http: { status: 400 } } });
      }
    });
  },
};

/** Whether an operation of the document gives a variable a default value. */
function hasVariableDefaults(document: DocumentNode): boolean {
  return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && (d.variableDefinitions ?? []).some((v) => v.defaultValue !== undefined));
}

/** /graphql: the compatibility endpoint for the native wrapper (graphql-yoga over the same services). */
export function createGraphqlHandler(deps: Deps, reporter?: Pick<ErrorReporter, "report">) {
  const yoga = createYoga<{ ctx: Ctx }>({
    schema: createSchema({ typeDefs, resolvers: { ...resolvers, DateTime } }),
    graphqlEndpoint: "/graphql",
    graphiql: deps.config.env !== "production",
    plugins: [
      malformedRequestIs400,
      ...graphqlProtection({ introspection: deps.config.graphqlIntrospection, production: deps.config.env === "production" }),
      ...graphqlErrorPlugins(deps.logger, reporter),
      // graphql-jit ignores the default of a required variable the request leaves out (graphql-js applies it, as the
      // GraphQL spec says): such operations run on graphql-js (README "Queries run compiled")
      useGraphQlJit({}, { enableIf: ({ document }) => !hasVariableDefaults(document) }),
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
