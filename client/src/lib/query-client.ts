import { QueryClient } from "@tanstack/react-query";
import { isNetworkError } from "./errors";

/** One query client for the app; loaders and components share its cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Only a lost connection is worth retrying; an error code from the server will not change.
      retry: (failureCount, error) => failureCount < 2 && isNetworkError(error),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
