import { createFileRoute } from "@tanstack/react-router";
import { AdEditorScreen } from "@client/features/ads/ad-editor-screen";

/** /admin/ads/new: a new advertisement; saving leads to its image upload. */
export const Route = createFileRoute("/admin/ads/new")({
  component: () => <AdEditorScreen adId={null} />,
});
