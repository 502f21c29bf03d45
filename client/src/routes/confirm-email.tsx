import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailScreen } from "@client/features/account/confirm-email-screen";

type ConfirmEmailSearch = { token?: string };

export const Route = createFileRoute("/confirm-email")({
  // Works signed out too: the link may be opened on another device (spec 001 section 2.5).
  validateSearch: (search: Record<string, unknown>): ConfirmEmailSearch =>
    typeof search.token === "string" && search.token !== "" ? { token: search.token.slice(0, 200) } : {},
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  return <ConfirmEmailScreen token={Route.useSearch().token} />;
}
