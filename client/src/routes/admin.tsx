import { createFileRoute, redirect } from "@tanstack/react-router";
import { clearStoredAccount } from "@client/lib/storage";
import { AdminGate } from "@client/features/admin/admin-gate";

/**
 * /admin, the staff console (issue 26): signed-in users only (visitors go to /login and come back, as in
 * `_authed`); the layout shows the console to admins and "Fehlende Berechtigung." to everybody else. Child
 * loaders fetch only for admins (`adminLoader`), so a refused user's page makes no refused calls.
 */
export const Route = createFileRoute("/admin")({
  beforeLoad: ({ context, location }) => {
    if (!context.account) {
      clearStoredAccount();
      throw redirect({ to: "/login", search: { redirect: location.href } });
    }
    return { account: context.account };
  },
  component: AdminRoute,
});

function AdminRoute() {
  return <AdminGate account={Route.useRouteContext().account} />;
}
