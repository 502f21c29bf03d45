import { createFileRoute } from "@tanstack/react-router";
import { adminRegionsQueryOptions } from "@client/features/admin/admin-queries";
import { ComposeNewsScreen } from "@client/features/admin/news/compose-news-screen";

/** /admin/news/new: write and send a news message. */
export const Route = createFileRoute("/admin/news/new")({
  loader: ({ context }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminRegionsQueryOptions());
  },
  component: ComposeNewsScreen,
});
