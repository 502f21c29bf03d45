import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import type { Plugin } from "graphql-yoga";

/**
 * What one GraphQL document may ask for. The native wrapper sends one operation per request with
 * at most a handful of fields (spec 000/001 section 7); its deepest query (myAccount with paged
 * games, their court and players) is depth 6 and costs a few hundred. These limits are far above
 * that and far below what hurts: the review's 1,000 aliased `retrieveGame` took 4 s and 446 MB.
 * Checked during validation, before any resolver runs.
 */
export const GRAPHQL_LIMITS = {
  /** aliases per operation (`a: retrieveGame(id: 1) b: retrieveGame(id: 1) …`) */
  maxAliases: 15,
  /** nesting of selections */
  maxDepth: 10,
  /** lexical tokens of the whole document (an 80 KB query is ~25,000) */
  maxTokens: 2_000,
  /** directives per operation (`@include` repeated a thousand times) */
  maxDirectives: 20,
  /** static cost: 2 per object, 1 per scalar, × 1.5 per level of depth */
  maxCost: 5_000,
} as const;

export function graphqlProtection(opts: { introspection: boolean; production: boolean }): Plugin[] {
  const l = GRAPHQL_LIMITS;
  const plugins: Plugin[] = [
    EnvelopArmorPlugin({
      maxAliases: { n: l.maxAliases, allowList: [], exposeLimits: true },
      maxDepth: { n: l.maxDepth, ignoreIntrospection: true, flattenFragments: true, exposeLimits: true },
      maxTokens: { n: l.maxTokens, exposeLimits: true },
      maxDirectives: { n: l.maxDirectives, exposeLimits: true },
      costLimit: { maxCost: l.maxCost, ignoreIntrospection: true, exposeLimits: true },
      // "Did you mean …?" reveals field names; only where introspection is off anyway.
      blockFieldSuggestion: { enabled: opts.production && !opts.introspection },
    }) as Plugin,
  ];
  if (!opts.introspection) plugins.push(useDisableIntrospection() as Plugin);
  return plugins;
}
