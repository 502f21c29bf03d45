import { createFileRoute, notFound } from "@tanstack/react-router";
import { adminUserQueryOptions } from "@client/features/admin/admin-queries";
import { parseAdminId } from "@client/features/admin/admin-route";
import { UserDetailScreen } from "@client/features/admin/users/user-detail-screen";

/** /admin/users/{id}: one user's roles, block state and history. */
export const Route = createFileRoute("/admin/users/$id")({
  loader: ({ context, params }) => {
    const id = parseAdminId(params.id);
    if (id === null) throw notFound();
    if (context.account.isAdmin) void context.queryClient.prefetchQuery(adminUserQueryOptions(id));
  },
  component: UserDetailRoute,
});

function UserDetailRoute() {
  return <UserDetailScreen id={Number(Route.useParams().id)} />;
}
