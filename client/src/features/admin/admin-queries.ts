import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { TAdminGameReportsInput, TAdminUserSearchInput, TAdminWebhookFailuresInput, TAuditLogInput } from "@shared/schemas/admin";
import { trpc } from "@client/lib/trpc";

/** The console's queries, one place for their options (loaders prefetch with the same ones). */
export const adminOverviewQueryOptions = () => trpc.admin.overview.queryOptions(undefined, { staleTime: 15_000 });
export const adminRegionsQueryOptions = () => trpc.admin.regions.queryOptions(undefined, { staleTime: 30_000 });
export const adminOrganizationsQueryOptions = () => trpc.admin.organizations.queryOptions(undefined, { staleTime: 30_000 });
export const adminOrganizationQueryOptions = (id: number) => trpc.admin.organization.queryOptions({ id });
/** A new search keeps the last results on screen until its own answer is in (no flashing placeholder while typing). */
export const adminUsersQueryOptions = (input: TAdminUserSearchInput) =>
  trpc.admin.users.queryOptions(input, { staleTime: 10_000, placeholderData: keepPreviousData });
export const adminUserQueryOptions = (id: number) => trpc.admin.user.queryOptions({ id });
export const adminNewsQueryOptions = (offset = 0) => trpc.admin.news.queryOptions({ offset, limit: ADMIN_PAGE_SIZE });
export const adminGameReportsQueryOptions = (input: TAdminGameReportsInput) => trpc.admin.gameReports.queryOptions(input);
export const adminWebhookFailuresQueryOptions = (input: TAdminWebhookFailuresInput) => trpc.admin.webhookFailures.queryOptions(input);
export const adminAuditLogQueryOptions = (input: TAuditLogInput) => trpc.admin.auditLog.queryOptions(input);

/** How many rows a console list asks for at once ("Mehr laden" asks for the next ones). */
export const ADMIN_PAGE_SIZE = 25;

/**
 * After any console action: everything under `admin.*` is asked again (counts on the home, the lists, the audit
 * log), and the signed-in account too when the action may have changed it (own roles).
 */
export async function refreshAdmin(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
}
