import { createFileRoute } from "@tanstack/react-router";
import { ADMIN_PAGE_SIZE, adminGameReportsQueryOptions } from "@client/features/admin/admin-queries";
import { ReportsScreen } from "@client/features/admin/reports/reports-screen";

/** /admin/reports: the game reports queue. */
export const Route = createFileRoute("/admin/reports")({
  loader: ({ context }) => {
    if (context.account.isAdmin)
      void context.queryClient.prefetchQuery(adminGameReportsQueryOptions({ statuses: ["OPEN", "ANSWERED"], offset: 0, limit: ADMIN_PAGE_SIZE }));
  },
  component: ReportsScreen,
});
