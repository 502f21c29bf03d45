import { createFileRoute } from "@tanstack/react-router";
import { RegionChooser } from "@client/features/regions/region-chooser";
import { regionsQueryOptions } from "@client/features/regions/regions-query";

export const Route = createFileRoute("/games/")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(regionsQueryOptions());
  },
  component: () => <RegionChooser target="games" />,
});
