import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { RefreshCw, ServerCrash, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@client/components/button";
import { errorMessage, isNetworkError, isRequestError } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { ErrorScreen } from "./error-screen";

/**
 * A page whose data could not be loaded (server error, a proxy's 502, no connection): the reason
 * and "Erneut versuchen", which loads the page again in place. The shell stays around it. A page may name
 * itself in the title ('Kickrunde konnte nicht geladen werden') and say what to do without a connection.
 */
export function LoadError({ error, title, offlineText }: { error: unknown; title?: string; offlineText?: string }) {
  useLocale();
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  const [retrying, setRetrying] = useState(false);
  // Queries that failed inside this page are asked again when it renders again.
  useEffect(() => queryErrors.reset(), [queryErrors]);

  async function retry() {
    setRetrying(true);
    try {
      await router.invalidate();
    } finally {
      setRetrying(false);
    }
  }

  return (
    <div role="alert" className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-amber-100 text-amber-900">
        {/* no connection only when no answer came (a server error is not the user's network, issue 23 item 20) */}
        {isNetworkError(error) ? <WifiOff aria-hidden className="size-10" /> : <ServerCrash aria-hidden className="size-10" />}
      </div>
      <h1 className="text-xl font-extrabold text-slate-900">{title ?? m.load_error_title()}</h1>
      <p className="mt-2 max-w-sm text-[16px] leading-relaxed text-slate-700">{offlineText && isNetworkError(error) ? offlineText : errorMessage(error)}</p>
      <Button size="lg" className="mt-6 min-w-48" loading={retrying} onClick={() => void retry()}>
        <RefreshCw aria-hidden className="size-5" />
        {m.common_retry()}
      </Button>
    </div>
  );
}

/**
 * The error view of every route: a failed request gets a retry inside the normal page; only a real
 * rendering crash gets the fallback screen with 'Wiederherstellen' (spec 001 section 2.1).
 */
export function RouteError({ error }: ErrorComponentProps) {
  return isRequestError(error) ? <LoadError error={error} /> : <ErrorScreen error={error} />;
}
