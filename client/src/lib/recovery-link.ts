import type { TRPCLink } from "@trpc/client";
import type { AnyRouter } from "@trpc/server";
import { observable } from "@trpc/server/observable";

export type RecoveryOptions = {
  /** The stable error code of a failed call (client/src/lib/errors.ts). */
  errorCode: (error: unknown) => string | null;
  /**
   * Whether the browser holds a session now: the readable `logged_in` cookie. The answer that says
   * UNAUTHENTICATED also deletes it, so it is back only when a session was opened meanwhile (another
   * tab signed in); an ended session can never be refreshed.
   */
  hasSession: () => boolean;
  /** `auth.refresh`: renews the browser's session; fails when there is none. */
  refresh: () => Promise<unknown>;
  /** Fetches a CSRF cookie; true when it worked. */
  renewCsrfToken: () => Promise<boolean>;
  /** Forgets the signed-in state locally. */
  signOut: () => void;
  /** Calls that never trigger a refresh (the auth calls themselves). */
  noRefresh: ReadonlySet<string>;
};

/**
 * Spec 001 section 4 (auth refresh; server/domains/auth/README.md "Access and refresh"): UNAUTHENTICATED means the
 * session's access part is stale (refreshable) or the session is gone (the answer cleared `logged_in`). The call
 * is replayed only when the refresh renewed a session the browser holds now; otherwise the user is
 * signed out locally, once for all calls failing together, and their errors pass on (no retry loop).
 * A call that was sent before a refresh renewed the session (it carried the stale access part) and fails after
 * that refresh answered is replayed without another refresh: calls failing one after another, not only together,
 * share one refresh.
 * A missing CSRF cookie is fetched once and the call replayed as well.
 */
export function createRecoveryLink<TRouter extends AnyRouter>(o: RecoveryOptions): TRPCLink<TRouter> {
  let recovering: Promise<boolean> | null = null;
  /** Counts the refreshes that renewed the session; a call notes the count it was sent under. */
  let renewals = 0;
  /** One recovery at a time; concurrent failures wait for the same answer. */
  const recoverSession = (sentUnder: number): Promise<boolean> => {
    // renewed since this call left: its failure is the stale session the refresh already replaced. Unless the
    // session is gone by now (ended after that refresh): then it signs out like any other call finding none.
    if (renewals !== sentUnder && !recovering && o.hasSession()) return Promise.resolve(true);
    return (recovering ??= (async () => {
      const renewed = o.hasSession() && (await o.refresh().then(() => true, () => false));
      if (renewed) renewals++;
      else o.signOut();
      return renewed;
    })().finally(() => {
      recovering = null;
    }));
  };

  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let replayed = false;
        const sentUnder = renewals;
        let subscription = next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => {
            if (!replayed) observer.complete();
          },
          error: (error) => {
            const code = o.errorCode(error);
            // The replay goes straight to the next link: a second failure is final.
            const replay = (ok: boolean) => {
              if (!ok) {
                observer.error(error);
                return;
              }
              subscription = next(op).subscribe(observer);
            };
            if (code === "CSRF_FAILED") {
              replayed = true;
              void o.renewCsrfToken().then(replay, () => replay(false));
              return;
            }
            if ((code === "UNAUTHENTICATED" || code === "SESSION_EXPIRED") && !o.noRefresh.has(op.path)) {
              replayed = true;
              void recoverSession(sentUnder).then(replay, () => replay(false));
              return;
            }
            observer.error(error);
          },
        });
        return () => subscription.unsubscribe();
      });
}
