import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext } from "@tanstack/react-router";
import { loadAccount } from "@client/lib/account";
import { ErrorScreen } from "@client/features/shell/error-screen";
import { NotFoundScreen } from "@client/features/shell/not-found-screen";
import { RootLayout } from "@client/features/shell/root-layout";

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Every route knows who is signed in; the account is cached, so this asks the server once.
  beforeLoad: async ({ context }) => ({ account: await loadAccount(context.queryClient) }),
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
});
