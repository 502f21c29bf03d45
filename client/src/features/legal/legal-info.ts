import { trpc } from "@client/lib/trpc";

/** The operator's data (LEGAL_* on the server) for the Impressum and Datenschutz; it changes only with a restart. */
export function legalInfoQueryOptions() {
  return trpc.legal.info.queryOptions(undefined, { staleTime: Infinity });
}
