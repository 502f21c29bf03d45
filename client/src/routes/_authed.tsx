import { createFileRoute, redirect } from "@tanstack/react-router";
import { clearStoredAccount } from "@client/lib/storage";

/**
 * Login guard (spec 001 section 2.1): routes below need a signed-in user. Otherwise the stored
 * account is cleared and the user goes to /login with the original path and query.
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: ({ context, location }) => {
    if (!context.account) {
      clearStoredAccount();
      throw redirect({ to: "/login", search: { redirect: location.href } });
    }
    return { account: context.account };
  },
});
