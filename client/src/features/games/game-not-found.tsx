import { CalendarX2 } from "lucide-react";
import { LoadError } from "@client/features/shell/route-error";
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
 * The game could not be loaded: retry in place (spec 000 section 8). Only a request that got no answer is a
 * connection problem; a server error says so (issue 23 item 20).
 */
export function GameLoadError({ error }: { error: unknown }) {
  useLocale();
  return <LoadError error={error} title={m.game_load_error_title()} offlineText={m.game_load_error_text()} />;
}
