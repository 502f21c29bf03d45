import { createFileRoute } from "@tanstack/react-router";
import { ADMIN_PAGE_SIZE, adminAuditLogQueryOptions } from "@client/features/admin/admin-queries";
import { AuditScreen } from "@client/features/admin/audit/audit-screen";

/** /admin/audit: the audit log. */
export const Route = createFileRoute("/admin/audit")({
  loader: ({ context }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminAuditLogQueryOptions({ subjectType: null, offset: 0, limit: ADMIN_PAGE_SIZE }));
  },
  component: AuditScreen,
});
