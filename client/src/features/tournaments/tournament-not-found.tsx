import { useRouter } from "@tanstack/react-router";
import { RefreshCw, ServerCrash, Trophy, WifiOff } from "lucide-react";
import { Button } from "@client/components/button";
import { NotFoundState } from "@client/components/not-found-state";
import { errorMessage, isNetworkError } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/** An unknown or unpublished tournament: 'Turnier konnte nicht gefunden werden.' with the way to the list. */
export function TournamentNotFound() {
  useLocale();
  return (
    <NotFoundState
      icon={<Trophy aria-hidden className="size-10" />}
      title={m.tournament_not_found_title()}
      text={m.tournament_not_found_text()}
      to="/tournaments"
      action={m.tournament_to_list()}
    />
  );
}

/**
 * The tournament could not be loaded (spec 001 section 8): the spec's text and a retry in place; a request
 * that got no answer is a connection problem, a server error says what it was (like the game page).
 */
export function TournamentLoadError({ error }: { error?: unknown }) {
  useLocale();
  const router = useRouter();
  const offline = error === undefined || isNetworkError(error);
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-amber-100 text-amber-900">
        {offline ? <WifiOff aria-hidden className="size-10" /> : <ServerCrash aria-hidden className="size-10" />}
      </div>
      <h1 className="text-xl font-extrabold text-slate-900">{m.tournament_load_error_title()}</h1>
      <p className="mt-2 max-w-sm text-[16px] text-slate-700">{offline ? m.game_load_error_text() : errorMessage(error)}</p>
      <Button size="lg" className="mt-6 min-w-48" onClick={() => void router.invalidate()}>
        <RefreshCw aria-hidden className="size-5" />
        {m.common_retry()}
      </Button>
    </div>
  );
}
