import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AUTH_STATE_COOKIE } from "@shared/constants";
import { accountQueryOptions } from "@client/lib/account";
import { caughtError } from "@client/lib/caught-errors";
import { seedBootData } from "@client/lib/boot-data";
import { readCookie } from "@client/lib/cookies";
// before any rendering: Chrome fires beforeinstallprompt early, before the footer that offers the install is drawn
import "@client/lib/install-prompt";
import { loadMessageCatalogue } from "@client/lib/messages";
import { holdLinkTapsWhileHydrating, replayEarlyTap } from "@client/lib/early-taps";
import { endDrawnPage, startDrawnPage } from "@client/lib/hydration";
import { installNativeBack } from "@client/lib/native-back";
import { isNativeApp } from "@client/lib/native-bridge";
import { forgetPageAnswers, queryClient } from "@client/lib/query-client";
import { getLocale } from "@client/paraglide/runtime";
import { registerAppWorker } from "@client/lib/service-worker";
import { AppTree } from "./app-tree";
import { router } from "./router";
import "./styles.css";

// Without the readable auth-state cookie the browser holds no session (server/http/cookies.ts): it
// is a guest at once, and the first screen never waits for, nor sends, the account request.
if (readCookie(AUTH_STATE_COOKIE) === null && queryClient.getQueryData(accountQueryOptions().queryKey) === undefined) {
  queryClient.setQueryData(accountQueryOptions().queryKey, null);
}

// The native wrapper's hardware back button (GO_BACK) walks the app's history (lib/native-back.ts).
installNativeBack(router);

// The first screen's data, when the server put it into the page (a game page, a region's feed): as fresh as the page
// until the first navigation (lib/query-client.ts). The first load itself comes from no location and does not count.
seedBootData(queryClient);
const stopKeepingPageAnswers = router.subscribe("onBeforeNavigate", (event) => {
  if (!event.fromLocation || !event.hrefChanged) return;
  stopKeepingPageAnswers();
  forgetPageAnswers();
});

const container = document.getElementById("root");
if (!container) throw new Error("#root missing in index.html");

// Committed (hydrated or drawn): a fact on <html> for whoever waits for the app (the e2e tests); a tap held while the
// page the server drew was not hydrated yet is replayed now (lib/early-taps.ts)
const committed = () => {
  document.documentElement.setAttribute("data-app-committed", "");
  replayEarlyTap();
};
const app = <AppTree queryClient={queryClient} router={router} onCommitted={committed} />;

// The server drew the first screen for a guest (server/http/first-screen.ts) in the language it guessed: hydrated when
// this browser is a guest in that language, with the route's code and data in place first (router.load(): both came
// with the page); otherwise drawn anew, as without it.
const HYDRATION_PROBLEM = "kickrunde: the first screen drawn by the server did not hydrate";
const causeOf = (error: unknown) => {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? `cause: ${cause.message}\n${cause.stack ?? ""}` : cause === undefined ? "" : `cause: ${String(cause)}`;
};
const drawnIn = container.dataset.firstScreen;
if (drawnIn && drawnIn === getLocale() && queryClient.getQueryData(accountQueryOptions().queryKey) === null && !isNativeApp()) {
  startDrawnPage(Number(container.dataset.drawnAt) || null);
  void router.load().then(() => {
    // Components mounted after the first navigation draw the browser's values from their first render (lib/hydration.ts).
    const stopWatching = router.subscribe("onBeforeNavigate", (event) => {
      if (!event.hrefChanged) return;
      stopWatching();
      endDrawnPage();
    });
    // What TanStack Router's own hydration sets (router-core's load-client): the browser draws the matched routes as
    // the server did (no root suspense boundary of its own), so the trees are the same.
    (router as { ssr?: { manifest: undefined } }).ssr = { manifest: undefined };
    // A link tapped from here until the whole page is hydrated waits too (lib/early-taps.ts): React took such a tap
    // in the middle of hydrating and threw the drawn page away.
    holdLinkTapsWhileHydrating(container);
    // In a transition: React hydrates in slices and lets the phone answer between them, not in one long task.
    startTransition(() => {
      hydrateRoot(container, app, {
        onCaughtError: caughtError,
        // a mismatch: React drew the screen anew (no harm to the user); the e2e harness fails on this line
        // (with its cause: React wraps what a component threw, e.g. error #520 for a throw in a concurrent render)
        onRecoverableError: (error) => console.error(`${HYDRATION_PROBLEM}:`, error, causeOf(error)),
      });
    });
  });
} else {
  container.replaceChildren();
  // A transition: React renders the first screen in slices and lets the browser paint and answer
  // between them, instead of one long task on a slow phone's CPU.
  // A screen's render error is also reported when error reporting runs (lib/caught-errors.ts).
  const root = createRoot(container, { onCaughtError: caughtError });
  startTransition(() => root.render(app));
}

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
