import { useRouter } from "@tanstack/react-router";
import { CalendarX2, RefreshCw, ServerCrash, WifiOff } from "lucide-react";
import { Button } from "@client/components/button";
import { errorMessage, isNetworkError } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { NotFoundState } from "@client/components/not-found-state";

/** 'Kickrunde konnte nicht gefunden werden.' with a way back to the feed. */
export function GameNotFound() {
  useLocale();
  return (
    <NotFoundState icon={<CalendarX2 aria-hidden className="size-10" />} title={m.error_GAME_NOT_FOUND()} text={m.game_not_found_text()} to="/" action={m.game_to_feed()} />
  );
}

/**
 * The game could not be loaded: retry (spec 000 section 8). Only a request that got no answer is a
 * connection problem; a server error says so (issue 23 item 20).
 */
export function GameLoadError({ error }: { error?: unknown }) {
  useLocale();
  const router = useRouter();
  const offline = error === undefined || isNetworkError(error);
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-amber-100 text-amber-900">
        {offline ? <WifiOff aria-hidden className="size-10" /> : <ServerCrash aria-hidden className="size-10" />}
      </div>
      <h1 className="text-xl font-extrabold text-slate-900">{m.game_load_error_title()}</h1>
      <p className="mt-2 max-w-sm text-[16px] text-slate-700">{offline ? m.game_load_error_text() : errorMessage(error)}</p>
      <Button size="lg" className="mt-6 min-w-48" onClick={() => void router.invalidate()}>
        <RefreshCw aria-hidden className="size-5" />
        {m.common_retry()}
      </Button>
    </div>
  );
}
