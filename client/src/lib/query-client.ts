import { QueryClient } from "@tanstack/react-query";
import { isNetworkError } from "./errors";

/** One query client for the app; loaders and components share its cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Offline a query fails at once instead of pausing behind skeletons until the connection is back, so every
      // screen shows its error with a retry (issue 23 item 20); back online, failed queries load again by themselves.
      networkMode: "always",
      // Only a lost connection is worth retrying (not while the browser knows it is offline); an error code from the server will not change.
      retry: (failureCount, error) => failureCount < 2 && isNetworkError(error) && (typeof navigator === "undefined" || navigator.onLine !== false),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
