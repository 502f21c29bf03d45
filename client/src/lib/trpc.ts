import { CSRF_COOKIE, CSRF_HEADER } from "@shared/constants";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { observable } from "@trpc/server/observable";
import { transformer } from "@shared/transformer";
import type { AppRouter } from "@server/trpc/router";
import { readCookie } from "./cookies";
import { appErrorCode } from "./errors";
import { queryClient } from "./query-client";
import { clearStoredAccount } from "./storage";

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

/** Client without the refresh link, used for the refresh call itself. */
const plainClient = createTRPCClient<AppRouter>({ links: [transportLink()] });

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; concurrent failures wait for the same answer. */
function refreshSession(): Promise<boolean> {
  refreshing ??= plainClient.auth.refresh
    .mutate()
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Forgets the signed-in state locally: stored account and cached account. */
export function forgetAccount(): void {
  clearStoredAccount();
  queryClient.setQueryData(trpc.users.myAccount.queryKey(), null);
}

const NO_REFRESH = new Set(["auth.refresh", "auth.login", "auth.logout", "auth.register"]);

/** Fetches a CSRF cookie when a mutation ran before any response set one. */
async function renewCsrfToken(): Promise<boolean> {
  try {
    const response = await fetch("/api/csrf", { credentials: "same-origin" });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Spec 001 section 4 (auth refresh): on UNAUTHENTICATED try one refresh and replay the call;
 * when the refresh fails the user is signed out locally. A missing CSRF cookie is fetched once
 * and the call replayed as well.
 */
const recoveryLink: TRPCLink<AppRouter> = () => {
  return ({ op, next }) =>
    observable((observer) => {
      let replayed = false;
      let subscription = next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => {
          if (!replayed) observer.complete();
        },
        error: (error) => {
          const code = appErrorCode(error);
          const replay = (ok: boolean) => {
            if (!ok) {
              observer.error(error);
              return;
            }
            subscription = next(op).subscribe(observer);
          };
          if (code === "CSRF_FAILED") {
            replayed = true;
            void renewCsrfToken().then(replay);
            return;
          }
          if ((code === "UNAUTHENTICATED" || code === "SESSION_EXPIRED") && !NO_REFRESH.has(op.path)) {
            replayed = true;
            void refreshSession().then((ok) => {
              if (!ok) forgetAccount();
              replay(ok);
            });
            return;
          }
          observer.error(error);
        },
      });
      return () => subscription.unsubscribe();
    });
};

export const trpcClient = createTRPCClient<AppRouter>({
  links: [recoveryLink, transportLink()],
});

/** Query and mutation options for every procedure; use in loaders and components alike. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
