import type { QueryClient } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { organizationQueryOptions, parseEntityId } from "./court-queries";

/**
 * The loader shared by /org/{id} and /organization/{id} (spec 001 section 2.2: both show the organisation
 * page): it prefetches the organisation, an unknown one is the not-found screen, network or server
 * trouble is left to the screen, which shows it with a retry in place. Each route file names its
 * components itself, so the router's code splitting keeps the screen out of the entry chunk
 * (routes/README.md).
 */
export async function organizationLoader({ context, params }: { context: { queryClient: QueryClient }; params: { id: string } }) {
  const id = parseEntityId(params.id);
  if (id === null) throw notFound();
  try {
    await context.queryClient.ensureQueryData(organizationQueryOptions(id));
  } catch (error) {
    const code = appErrorCode(error);
    if (code === "ORGANIZATION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
  }
}
