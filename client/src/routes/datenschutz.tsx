import { createFileRoute } from "@tanstack/react-router";
import { legalInfoQueryOptions } from "@client/features/legal/legal-info";
import { PrivacyScreen } from "@client/features/legal/privacy-screen";

export const Route = createFileRoute("/datenschutz")({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalInfoQueryOptions()),
  component: PrivacyScreen,
});
