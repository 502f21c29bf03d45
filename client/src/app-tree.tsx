import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, useEffect } from "react";
import { LocaleProvider } from "@client/lib/locale";
import type { createAppRouter } from "./router";

/**
 * The app's React tree: the one the browser draws or hydrates (main.tsx) and the one the server draws a first screen
 * with (entry-server.tsx). One definition, so the two cannot drift apart and break hydration.
 */
export function AppTree({ queryClient, router, onCommitted }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter>; onCommitted?: () => void }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider>
          <RouterProvider router={router} />
        </LocaleProvider>
      </QueryClientProvider>
      <Committed onCommitted={onCommitted} />
    </StrictMode>
  );
}

/** Draws nothing; tells the browser's entry that the tree was committed (hydrated or drawn). Never runs on a server. */
function Committed({ onCommitted }: { onCommitted?: () => void }) {
  useEffect(() => onCommitted?.(), [onCommitted]);
  return null;
}
