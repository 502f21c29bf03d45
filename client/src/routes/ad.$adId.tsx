import { createFileRoute, notFound } from "@tanstack/react-router";
import { AdUploadScreen } from "@client/features/ads/ad-upload-screen";

/** /ad/{adId} (spec 001 sections 2.2, 2.11): a game ad's image upload, for admins. */
export const Route = createFileRoute("/ad/$adId")({
  beforeLoad: ({ params }) => {
    if (!/^[1-9][0-9]{0,9}$/.test(params.adId)) throw notFound();
  },
  component: AdUploadRoute,
});

function AdUploadRoute() {
  return <AdUploadScreen adId={Number(Route.useParams().adId)} kind="GAME" />;
}
