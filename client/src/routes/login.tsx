import { createFileRoute, redirect } from "@tanstack/react-router";
import { afterLoginHref, parseAuthSearch } from "@client/features/auth/after-login";
import { LoginScreen } from "@client/features/auth/login-screen";

export const Route = createFileRoute("/login")({
  validateSearch: parseAuthSearch,
  // A signed-in user has nothing to do here (spec 001 section 2.3).
  beforeLoad: ({ context, search }) => {
    if (context.account) throw redirect({ href: afterLoginHref(search, context.account.id), replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginScreen search={Route.useSearch()} />;
}
