import { createFileRoute } from "@tanstack/react-router";
import { RequestPasswordResetScreen } from "@client/features/account/request-password-reset-screen";

export const Route = createFileRoute("/request-password-reset")({
  component: RequestPasswordResetScreen,
});
