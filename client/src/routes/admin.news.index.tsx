import { createFileRoute } from "@tanstack/react-router";
import { adminNewsQueryOptions } from "@client/features/admin/admin-queries";
import { NewsScreen } from "@client/features/admin/news/news-screen";

/** /admin/news: the news sent. */
export const Route = createFileRoute("/admin/news/")({
  loader: ({ context }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminNewsQueryOptions());
  },
  component: NewsScreen,
});
