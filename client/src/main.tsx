import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AUTH_STATE_COOKIE } from "@shared/constants";
import { accountQueryOptions } from "@client/lib/account";
import { caughtError } from "@client/lib/caught-errors";
import { seedBootData } from "@client/lib/boot-data";
import { readCookie } from "@client/lib/cookies";
// before any rendering: Chrome fires beforeinstallprompt early, before the footer that offers the install is drawn
import "@client/lib/install-prompt";
import { LocaleProvider } from "@client/lib/locale";
import { loadMessageCatalogue } from "@client/lib/messages";
import { installNativeBack } from "@client/lib/native-back";
import { queryClient } from "@client/lib/query-client";
import { registerAppWorker } from "@client/lib/service-worker";
import { router } from "./router";
import "./styles.css";

// Without the readable auth-state cookie the browser holds no session (server/http/cookies.ts): it
// is a guest at once, and the first screen never waits for, nor sends, the account request.
if (readCookie(AUTH_STATE_COOKIE) === null && queryClient.getQueryData(accountQueryOptions().queryKey) === undefined) {
  queryClient.setQueryData(accountQueryOptions().queryKey, null);
}

// The native wrapper's hardware back button (GO_BACK) walks the app's history (lib/native-back.ts).
installNativeBack(router);

// The first screen's data, when the server put it into the page (a game page, a region's feed).
seedBootData(queryClient);

const container = document.getElementById("root");
if (!container) throw new Error("#root missing in index.html");

// A transition: React renders the first screen in slices and lets the browser paint and answer
// between them, instead of one long task on a slow phone's CPU.
// A screen's render error is also reported when error reporting runs (lib/caught-errors.ts).
const root = createRoot(container, { onCaughtError: caughtError });
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

// The error and validation texts come in their own chunk once the first screen is drawn, so they do
// not compete with its code and data on a slow connection (lib/messages.ts; a failed call waits for them).
const stopWaiting = router.subscribe("onRendered", () => {
  stopWaiting();
  if ("requestIdleCallback" in window) window.requestIdleCallback(() => void loadMessageCatalogue(), { timeout: 1_000 });
  else setTimeout(() => void loadMessageCatalogue(), 200);
  // the offline cache fills after the first screen, not competing with it
  registerAppWorker();
  // error reporting and analytics when configured (lib/telemetry.ts), in a chunk of their own
  void import("@client/lib/telemetry").then((m) => m.startTelemetry(router, queryClient)).catch(() => {});
});
