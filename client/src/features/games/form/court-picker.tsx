import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Check, ChevronRight, Mail, MapPin, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { TCourtRef } from "@shared/schemas/games";
import { Notice } from "@client/components/notice";
import { inputClassName } from "@client/components/text-field";
import { errorMessage } from "@client/lib/errors";
import { CONTACT_EMAIL } from "@client/lib/links";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { CourtFacts } from "../court-facts";

const SEARCH_DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function CourtRow({ court, selected, onSelect }: { court: TCourtRef; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={`flex w-full items-center gap-3 rounded-2xl border p-3 text-left transition-colors ${
        selected ? "border-pitch-600 bg-pitch-50 ring-1 ring-pitch-600" : "border-slate-200 bg-white hover:border-pitch-600/50"
      }`}
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
      {selected ? <Check aria-hidden className="size-6 shrink-0 text-pitch-700" /> : <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />}
    </button>
  );
}

/**
 * Court choice of the game form (spec 000 section 2, "select court"; spec 001 section 2.7): the
 * region's courts and a search by name. The map comes with the courts issue.
 */
export function CourtPicker({
  regionSlug,
  regionName,
  selectedId,
  onSelect,
  onBack,
  embedded = false,
}: {
  regionSlug: string | null;
  regionName: string | null;
  selectedId: number | null;
  onSelect: (court: TCourtRef) => void;
  /** Full-screen mode of the create form: a way back to the form. */
  onBack?: () => void;
  /** Inside a page that has its own title (edit-court). */
  embedded?: boolean;
}) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const name = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const courts = useQuery({
    ...trpc.courts.search.queryOptions({ regionSlug: regionSlug ?? undefined, name: name || undefined }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (!embedded) window.scrollTo({ top: 0 });
  }, [embedded]);

  return (
    <div className={embedded ? "px-4 pt-1 pb-6" : "px-4 pt-4 pb-6"}>
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
        >
          <ArrowLeft aria-hidden className="size-5" />
          {m.court_picker_back()}
        </button>
      ) : null}
      {embedded ? null : (
        <>
          <h1 className="mt-2 text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.court_picker_title()}</h1>
          <p className="mt-1 text-[16px] text-slate-700">
            {regionName ? m.court_picker_subtitle_region({ region: regionName }) : m.court_picker_subtitle()}
          </p>
        </>
      )}

      <div className="relative mt-4" role="search">
        <label htmlFor={searchId} className="sr-only">
          {m.court_picker_search_label()}
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={m.court_picker_search_placeholder()}
          autoComplete="off"
          enterKeyHint="search"
          className={`${inputClassName} border-slate-300 bg-slate-50 pl-12`}
        />
      </div>

      <div className="mt-4" aria-live="polite">
        {courts.isPending ? (
          <p role="status" className="py-8 text-center text-slate-600">
            {m.court_picker_loading()}
          </p>
        ) : courts.isError ? (
          <Notice tone="error">{errorMessage(courts.error)}</Notice>
        ) : courts.data.length === 0 ? (
          <div className="rounded-3xl border border-dashed border-slate-300 bg-slate-50 px-5 py-8 text-center">
            <p className="text-[16px] font-semibold text-slate-800">{m.court_picker_empty()}</p>
            <a
              href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(m.court_picker_missing_subject())}`}
              className="mt-3 inline-flex min-h-11 items-center gap-2 font-bold text-pitch-700 underline underline-offset-4"
            >
              <Mail aria-hidden className="size-4" />
              {m.court_picker_missing()}
            </a>
          </div>
        ) : (
          <>
            <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-600 uppercase">
              {courts.data.length === 1 ? m.court_picker_results_one() : m.court_picker_results({ count: String(courts.data.length) })}
            </h2>
            <ul className={`space-y-2 transition-opacity ${courts.isPlaceholderData ? "opacity-60" : ""}`}>
              {courts.data.map((court) => (
                <li key={court.id}>
                  <CourtRow court={court} selected={court.id === selectedId} onSelect={() => onSelect(court)} />
                </li>
              ))}
            </ul>
            <p className="mt-5 text-center text-[14px] text-slate-600">
              {m.court_picker_missing_hint()}{" "}
              <a
                href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(m.court_picker_missing_subject())}`}
                className="font-semibold text-pitch-700 underline underline-offset-4"
              >
                {m.court_picker_missing()}
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
