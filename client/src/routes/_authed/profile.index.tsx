import { createFileRoute } from "@tanstack/react-router";
import { useAccount } from "@client/lib/account";
import { ProfileScreen } from "@client/features/account/profile-screen";
import { parseProfileSearch } from "@client/features/account/profile-search";
import { regionsQueryOptions } from "@client/features/regions/regions-query";

export const Route = createFileRoute("/_authed/profile/")({
  validateSearch: parseProfileSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(regionsQueryOptions());
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  // The cached account follows confirmation and picture changes; the guard's copy does not.
  const account = useAccount() ?? Route.useRouteContext().account;
  return <ProfileScreen key={account.id} account={account} search={Route.useSearch()} />;
}
