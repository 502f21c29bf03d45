import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { queryClient } from "@client/lib/query-client";
import { NotFoundScreen } from "@client/features/shell/not-found-screen";
import { PendingScreen } from "@client/features/shell/pending-screen";
import { RouteError } from "@client/features/shell/route-error";
import { routeTree } from "./routeTree.gen";

/**
 * Plain query strings (`?court=12&logout`) instead of the router's JSON encoding: links from
 * e-mails and the native wrapper use them, and every value is validated per route anyway.
 */
function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== false) params.set(key, value === true ? "" : String(value));
  }
  const query = params.toString().replace(/=(?=&|$)/g, "");
  return query ? `?${query}` : "";
}

/**
 * The app's router over a query client: the browser's one (below), and one per request where the server draws the
 * first screen (entry-server.tsx, with the request's address in a memory history).
 */
export function createAppRouter(client: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    context: { queryClient: client },
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    // React Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    // In the browser only: drawn by the server, the router would put its restoring script into the page (refused by
    // the Content-Security-Policy, and absent from the tree the browser hydrates).
    scrollRestoration: !history,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundScreen,
    defaultPendingComponent: PendingScreen,
  });
}

export const router = createAppRouter(queryClient);

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
