import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AUTH_STATE_COOKIE } from "@shared/constants";
import { accountQueryOptions } from "@client/lib/account";
import { readCookie } from "@client/lib/cookies";
import { LocaleProvider } from "@client/lib/locale";
import { queryClient } from "@client/lib/query-client";
import { router } from "./router";
import "./styles.css";

// Without the readable auth-state cookie the browser holds no session (server/http/cookies.ts): it
// is a guest at once, and the first screen never waits for, nor sends, the account request.
if (readCookie(AUTH_STATE_COOKIE) === null && queryClient.getQueryData(accountQueryOptions().queryKey) === undefined) {
  queryClient.setQueryData(accountQueryOptions().queryKey, null);
}

const container = document.getElementById("root");
if (!container) throw new Error("#root missing in index.html");

// A transition: React renders the first screen in slices and lets the browser paint and answer
// between them, instead of one long task on a slow phone's CPU.
const root = createRoot(container);
startTransition(() =>
  root.render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <RouterProvider router={router} />
      </LocaleProvider>
    </QueryClientProvider>
  </StrictMode>,
  ),
);
