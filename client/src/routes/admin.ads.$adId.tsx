import { createFileRoute, notFound } from "@tanstack/react-router";
import { AdEditorScreen } from "@client/features/ads/ad-editor-screen";

/** /admin/ads/{adId}: an advertisement's settings. */
export const Route = createFileRoute("/admin/ads/$adId")({
  beforeLoad: ({ params }) => {
    if (!/^[1-9][0-9]{0,9}$/.test(params.adId)) throw notFound();
  },
  component: AdEditorRoute,
});

function AdEditorRoute() {
  return <AdEditorScreen adId={Number(Route.useParams().adId)} />;
}
