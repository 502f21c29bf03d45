import { createFileRoute } from "@tanstack/react-router";
import { legalInfoQueryOptions } from "@client/features/legal/legal-info";
import { ImpressumScreen } from "@client/features/legal/impressum-screen";

export const Route = createFileRoute("/impressum")({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalInfoQueryOptions()),
  component: ImpressumScreen,
});
