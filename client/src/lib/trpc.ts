import { AUTH_STATE_COOKIE, CSRF_COOKIE, CSRF_HEADER } from "@shared/constants";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { observable } from "@trpc/server/observable";
import { transformer } from "@shared/transformer";
import type { AppRouter } from "@server/trpc/router";
import { readCookie } from "./cookies";
import { appErrorCode } from "./errors";
import { messageCatalogueReady } from "./messages";
import { queryClient } from "./query-client";
import { clearStoredAccount } from "./storage";
import { createRecoveryLink } from "./recovery-link";

function transportLink(): TRPCLink<AppRouter> {
  // Live updates (chat) arrive as server-sent events; everything else goes batched over HTTP.
  return splitLink({
    condition: (op) => op.type === "subscription",
    true: httpSubscriptionLink({ url: "/trpc", transformer }),
    false: batchLink(),
  });
}

function batchLink() {
  return httpBatchLink({
    url: "/trpc",
    transformer,
    // Every non-GET request must carry the CSRF token from the readable cookie.
    headers() {
      const token = readCookie(CSRF_COOKIE);
      return token ? { [CSRF_HEADER]: token } : {};
    },
    fetch: (input, init) => fetch(input, { ...init, credentials: "same-origin" }),
  });
}

/** Client without the recovery link, used for the refresh call itself. */
const plainClient = createTRPCClient<AppRouter>({ links: [transportLink()] });

/** Forgets the signed-in state locally: stored account and cached account. */
export function forgetAccount(): void {
  clearStoredAccount();
  queryClient.setQueryData(trpc.users.myAccount.queryKey(), null);
}

/** Fetches a CSRF cookie when a mutation ran before any response set one. */
async function renewCsrfToken(): Promise<boolean> {
  try {
    const response = await fetch("/api/csrf", { credentials: "same-origin" });
    return response.ok;
  } catch {
    return false;
  }
}

const recoveryLink = createRecoveryLink<AppRouter>({
  errorCode: appErrorCode,
  hasSession: () => readCookie(AUTH_STATE_COOKIE) !== null,
  refresh: () => plainClient.auth.refresh.mutate(),
  renewCsrfToken,
  signOut: forgetAccount,
  noRefresh: new Set(["auth.refresh", "auth.login", "auth.logout", "auth.register"]),
});

/**
 * A failed call hands its error on once the catalogue of error texts is loaded (lib/messages.ts, at
 * most 5 s later), so the screen that shows it has the error's own words, not a generic one.
 */
const errorTextsLink: TRPCLink<AppRouter> = () => ({ next, op }) =>
  observable((observer) => {
    const subscription = next(op).subscribe({
      next: (value) => observer.next(value),
      error: (error) => void messageCatalogueReady().then(() => observer.error(error)),
      complete: () => observer.complete(),
    });
    return () => subscription.unsubscribe();
  });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [errorTextsLink, recoveryLink, transportLink()],
});

/** Query and mutation options for every procedure; use in loaders and components alike. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
