import { createFileRoute } from "@tanstack/react-router";
import { safeRedirectPath } from "@shared/rules/safe-redirect";
import { ResetPasswordScreen } from "@client/features/account/reset-password-screen";

type ResetPasswordSearch = { reset_token?: string; redirect?: string };

export const Route = createFileRoute("/reset-password")({
  // The mail link carries ?reset_token= (spec 001 section 2.2); its length is checked on the screen.
  // A welcome mail's link also names where to go once signed in (?redirect=, a same-app path only).
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => {
    const redirect = safeRedirectPath(search.redirect);
    return {
      ...(typeof search.reset_token === "string" && search.reset_token !== "" ? { reset_token: search.reset_token.slice(0, 200) } : {}),
      ...(redirect ? { redirect } : {}),
    };
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const search = Route.useSearch();
  return <ResetPasswordScreen resetToken={search.reset_token} redirect={search.redirect} />;
}
