import { createFileRoute } from "@tanstack/react-router";
import { ADMIN_PAGE_SIZE, adminWebhookFailuresQueryOptions } from "@client/features/admin/admin-queries";
import { PaymentsScreen } from "@client/features/admin/payments/payments-screen";

/** /admin/payments: payments needing attention. */
export const Route = createFileRoute("/admin/payments")({
  loader: ({ context }) => {
    if (context.account.isAdmin)
      void context.queryClient.prefetchQuery(adminWebhookFailuresQueryOptions({ includeResolved: false, offset: 0, limit: ADMIN_PAGE_SIZE }));
  },
  component: PaymentsScreen,
});
