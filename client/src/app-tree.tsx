import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { LocaleProvider } from "@client/lib/locale";
import type { createAppRouter } from "./router";

/**
 * The app's React tree: the one the browser draws or hydrates (main.tsx) and the one the server draws a first screen
 * with (entry-server.tsx). One definition, so the two cannot drift apart and break hydration.
 */
export function AppTree({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider>
          <RouterProvider router={router} />
        </LocaleProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
