import { Link, Outlet } from "@tanstack/react-router";
import type { TMyAccount } from "@shared/schemas/users";
import { NoPermission } from "@client/components/no-permission";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/**
 * The staff console's layout (/admin and below, issue 26): admins see the page; any other signed-in user reads
 * "Fehlende Berechtigung." with the way back to the feed (the server refuses every `admin.*` call too, so this is
 * the friendly face of that refusal, not the protection).
 */
export function AdminGate({ account: fromGuard }: { account: TMyAccount }) {
  useLocale();
  const account = useAccount() ?? fromGuard;
  if (!account.isAdmin) {
    return (
      <NoPermission
        title={m.error_FORBIDDEN()}
        signInRedirect="/admin"
        back={(className) => (
          <Link to="/games" className={className}>
            {m.admin_back_to_feed()}
          </Link>
        )}
      />
    );
  }
  return <Outlet />;
}
