import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordScreen } from "@client/features/account/reset-password-screen";

type ResetPasswordSearch = { reset_token?: string };

export const Route = createFileRoute("/reset-password")({
  // The mail link carries ?reset_token= (spec 001 section 2.2); its length is checked on the screen.
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch =>
    typeof search.reset_token === "string" && search.reset_token !== "" ? { reset_token: search.reset_token.slice(0, 200) } : {},
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  return <ResetPasswordScreen resetToken={Route.useSearch().reset_token} />;
}
