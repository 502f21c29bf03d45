import { createFileRoute } from "@tanstack/react-router";
import { ADMIN_PAGE_SIZE, adminUsersQueryOptions } from "@client/features/admin/admin-queries";
import { UsersScreen } from "@client/features/admin/users/users-screen";

type UsersSearch = { q?: string };

/** /admin/users?q=…: find users by name or e-mail. */
export const Route = createFileRoute("/admin/users/")({
  validateSearch: (search: Record<string, unknown>): UsersSearch =>
    typeof search.q === "string" && search.q.trim() ? { q: search.q.trim().slice(0, 100) } : {},
  loaderDeps: ({ search }) => ({ query: search.q ?? "" }),
  loader: ({ context, deps }) => {
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminUsersQueryOptions({ query: deps.query, offset: 0, limit: ADMIN_PAGE_SIZE }));
  },
  component: UsersRoute,
});

function UsersRoute() {
  return <UsersScreen query={Route.useSearch().q ?? ""} />;
}
