import { createFileRoute } from "@tanstack/react-router";
import { adminRegionsQueryOptions } from "@client/features/admin/admin-queries";
import { ComposeNewsScreen } from "@client/features/admin/news/compose-news-screen";

/**
 * /admin/news/new: write and send a news message. The regions are waited for (not only prefetched): their list sits
 * above "Senden", and arriving after the form was drawn it pushed the button away under a tap (the likely cause of a
 * lost tap on "Senden" in CI on 2026-12-02, at a load average of 15).
 */
export const Route = createFileRoute("/admin/news/new")({
  loader: async ({ context }) => {
    if (context.account.isAdmin) await context.queryClient.ensureQueryData(adminRegionsQueryOptions());
  },
  component: ComposeNewsScreen,
});
