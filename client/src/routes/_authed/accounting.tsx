import { createFileRoute } from "@tanstack/react-router";
import { useAccount } from "@client/lib/account";
import { AccountingScreen } from "@client/features/accounting/accounting-screen";
import { regionsQueryOptions } from "@client/features/regions/regions-query";

/** /accounting: the admins' accounting overview (signed in; everybody else reads "Fehlende Berechtigung."). */
export const Route = createFileRoute("/_authed/accounting")({
  loader: ({ context }) => {
    if (context.account?.isAdmin) void context.queryClient.prefetchQuery(regionsQueryOptions());
  },
  component: AccountingRoute,
});

function AccountingRoute() {
  const account = useAccount() ?? Route.useRouteContext().account;
  return <AccountingScreen account={account} />;
}
