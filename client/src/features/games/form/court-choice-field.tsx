import { ChevronRight, MapPin } from "lucide-react";
import { m } from "@client/paraglide/messages";
import { CourtFacts } from "@client/features/games/court-facts";
import type { FormCourt } from "./game-form-state";

/**
 * The court of a form (game, tournament): the chosen court with its picture, address and facts and "Ändern",
 * or a dashed "Platz auswählen" button; both open the court picker. `error` is said below it.
 */
export function CourtChoiceField({ court, onPickCourt, error }: { court: FormCourt | null; onPickCourt: () => void; error: string | null }) {
  return (
    <div>
      {court ? (
        <button
          type="button"
          onClick={onPickCourt}
          className="flex w-full items-center gap-3 rounded-2xl border border-pitch-600 bg-pitch-50 p-3 text-left ring-1 ring-pitch-600"
        >
          {court.imageUrl ? (
            <img src={court.imageUrl} alt="" className="size-14 shrink-0 rounded-xl bg-slate-900 object-cover" />
          ) : (
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-pitch-600 to-pitch-800 text-white">
              <MapPin aria-hidden className="size-6" />
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate text-[16px] font-bold text-slate-900">{court.name}</span>
            {court.address ? <span className="block truncate text-[14px] text-slate-600">{court.address}</span> : null}
            <CourtFacts court={court} size="sm" className="mt-1.5" />
          </span>
          <span className="shrink-0 text-[14px] font-bold text-pitch-700">{m.game_form_court_change()}</span>
        </button>
      ) : (
        <button
          type="button"
          onClick={onPickCourt}
          className={`flex min-h-16 w-full items-center gap-3 rounded-2xl border-2 border-dashed px-4 text-left hover:bg-pitch-50 ${
            error ? "border-red-400" : "border-pitch-600/50"
          }`}
        >
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
            <MapPin aria-hidden className="size-5" />
          </span>
          <span className="flex-1 text-[16px] font-bold text-pitch-800">{m.game_form_court_select()}</span>
          <ChevronRight aria-hidden className="size-5 text-pitch-700" />
        </button>
      )}
      {error ? <p className="mt-1.5 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
