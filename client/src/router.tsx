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
 * Whether the router restores (or resets) the scroll position after this render: always, but for the first screen
 * when the reader has scrolled it already. A page the server drew (server/http/first-screen.ts) can be read and
 * scrolled before the app takes over; the router's first render then threw the reader back to the top, and a tap in
 * that moment landed on whatever came under the finger (found by the e2e runs, decision in client/src/lib/README.md).
 * A screen the browser draws itself is empty until then, so nothing changes there.
 */
let firstScreen = true;
function restoresScroll(): boolean {
  const first = firstScreen;
  firstScreen = false;
  return !(first && window.scrollY > 0);
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
    scrollRestoration: history ? false : restoresScroll,
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
