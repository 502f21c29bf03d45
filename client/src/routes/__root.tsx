import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, rootRouteId } from "@tanstack/react-router";
import { PagePlaceholder } from "@client/components/page-placeholder";
import { accountQueryOptions, loadAccount } from "@client/lib/account";
import { NotFoundScreen } from "@client/features/shell/not-found-screen";
import { RootLayout } from "@client/features/shell/root-layout";
import { RouteError } from "@client/features/shell/route-error";

/**
 * Pages that render before the account is known: the city choice, the feed and the game page, where
 * most visits begin. Their loaders and guards never read `context.account`, and their components
 * follow useAccount() as it changes (the game's own pages, such as the attendance list, read the
 * account once and wait for it).
 */
const RENDERS_BEFORE_ACCOUNT = /^\/(games\/(\$regionSlug)?|game\/\$id\/?)$/;

/**
 * The shell as it will stand, with placeholders for the page, while a route waits for the account.
 * Inert: it is replaced by the real shell when the account is in, so nothing in it takes a tap (an
 * opened menu would vanish with it).
 */
function ShellPlaceholder() {
  return (
    <div inert aria-busy="true">
      <RootLayout>
        <PagePlaceholder />
      </RootLayout>
    </div>
  );
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Synchronous whenever it can be, so the shell is drawn at once: a known account (a guest is known
  // from the start, main.tsx) is handed on and refreshed in the background; the feed and game pages
  // never wait for it (`undefined` there: not known yet; their components use useAccount()). Only a
  // route whose guard reads the account waits, on a signed-in browser's first load.
  beforeLoad: ({ context, matches }) => {
    const known = context.queryClient.getQueryData(accountQueryOptions().queryKey);
    const waits = known === undefined && matches.some((match) => match.routeId !== rootRouteId && !RENDERS_BEFORE_ACCOUNT.test(match.routeId));
    if (waits) return loadAccount(context.queryClient).then((account) => ({ account }));
    void loadAccount(context.queryClient);
    return { account: known };
  },
  component: RootLayout,
  // While such a route waits: the shell with placeholders (not a bare spinner), unless the answer
  // comes within a blink, and gone as soon as it is in.
  pendingComponent: ShellPlaceholder,
  pendingMs: 150,
  pendingMinMs: 0,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteError,
});
