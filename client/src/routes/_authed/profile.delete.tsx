import { createFileRoute } from "@tanstack/react-router";
import { DeleteAccountScreen } from "@client/features/account/delete-account-screen";

export const Route = createFileRoute("/_authed/profile/delete")({
  component: DeleteAccountScreen,
});
