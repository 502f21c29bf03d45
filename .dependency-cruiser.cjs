/** Import-cycle check (issue 10): domains form a DAG; `bun run check:cycles` fails the build on any circle. */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Two modules import each other (directly or through others). Emit a typed event or move the shared part into a leaf.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-lib-not-features",
      severity: "error",
      comment: "client/src/lib and components are the lower layer: features and routes import them, never the other way round.",
      from: { path: "^client/src/(lib|components)/" },
      to: { path: "^client/src/(features|routes)/" },
    },
    {
      name: "services-not-transports",
      severity: "error",
      comment: "Domain services and repos never import a transport (tRPC, GraphQL, Hono); only a domain's router.ts does.",
      from: { path: "^server/domains/", pathNot: "(router|[.]test)[.]ts$" },
      to: { path: "^server/(trpc|graphql|http)/|node_modules/(hono|@trpc|graphql)/" },
    },
    {
      name: "no-foreign-repo",
      severity: "error",
      comment:
        "One owner per table (README, 'How domains depend on each other'): only a domain's own files import its repo files " +
        "(repo.ts, places-repo.ts, …), so writes never cross a domain; another domain calls its service. Reads may join across " +
        "tables through a domain's read-only SQL fragments in <domain>/sql.ts (the allow-list: courts/sql.ts, participation/sql.ts, tournaments/sql.ts), " +
        "which this rule does not match. Test files are included: a test seeds other domains' tables through server/testing/.",
      from: { path: "^server/domains/([^/]+)/" },
      to: { path: "^server/domains/[^/]+/[^/]*repo[.]ts$", pathNot: "^server/domains/$1/" },
    },
    {
      name: "sql-fragments-stay-fragments",
      severity: "error",
      comment:
        "A domain's sql.ts holds read-only SQL fragments other domains embed in their SELECTs: it builds SQL from the schema and " +
        "never runs a statement (no database client) nor reaches into a domain's other modules.",
      from: { path: "^server/domains/[^/]+/sql[.]ts$" },
      to: { path: "^server/(db/client|domains/)" },
    },
    {
      name: "shared-stands-alone",
      severity: "error",
      comment: "shared/ is used by both sides: it never imports server or client code.",
      from: { path: "^shared/" },
      to: { path: "^(server|client)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // generated: the paraglide message modules (hundreds of leaves, no imports of ours)
    exclude: { path: ["client/src/paraglide"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};
