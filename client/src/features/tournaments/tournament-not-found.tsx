import { Trophy } from "lucide-react";
import { NotFoundState } from "@client/components/not-found-state";
import { LoadError } from "@client/features/shell/route-error";
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

/** The tournament could not be loaded (spec 001 section 8): the spec's text and a retry in place, as the game page. */
export function TournamentLoadError({ error }: { error: unknown }) {
  useLocale();
  return <LoadError error={error} title={m.tournament_load_error_title()} offlineText={m.game_load_error_text()} />;
}
