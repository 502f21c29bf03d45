import { createFileRoute, redirect } from "@tanstack/react-router";
import { afterLoginHref, parseAuthSearch } from "@client/features/auth/after-login";
import { RegisterScreen } from "@client/features/auth/register-screen";
import { regionsQueryOptions } from "@client/features/regions/regions-query";

export const Route = createFileRoute("/register")({
  validateSearch: parseAuthSearch,
  beforeLoad: ({ context, search }) => {
    if (context.account) throw redirect({ href: afterLoginHref(search, context.account.id), replace: true });
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(regionsQueryOptions());
  },
  component: RegisterRoute,
});

function RegisterRoute() {
  return <RegisterScreen search={Route.useSearch()} />;
}
