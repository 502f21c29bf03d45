import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ArrowRight, Check, MapPinPlus, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { COURTS_MAX_DISTANCE_KM, MAP_DEFAULT_CENTER, MAP_HEIGHT_COMPACT, MAP_ZOOM_LIST } from "@shared/constants";
import type { TCourtListItem } from "@shared/schemas/courts";
import { Button, buttonClassName } from "@client/components/button";
import { CourtMap } from "@client/components/map/court-map";
import { Notice } from "@client/components/notice";
import { inputClassName } from "@client/components/text-field";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { CourtListRow, CourtSummaryCard } from "@client/features/courts/court-bits";
import { regionCourtsQueryOptions } from "@client/features/courts/court-queries";
import { useDebounced } from "@client/lib/use-debounced";

const SEARCH_DEBOUNCE_MS = 250;


/**
 * The courts to choose from: the region's (nearest its centre first), or the search by name within the
 * region; without a region, those around the spec's default centre (spec 001 section 2.7).
 */
function useChoosableCourts(regionSlug: string | null, name: string) {
  const region = useQuery({ ...regionCourtsQueryOptions(regionSlug ?? ""), enabled: regionSlug !== null });
  const near = useQuery({
    ...trpc.courts.near.queryOptions({ ...MAP_DEFAULT_CENTER, distance: COURTS_MAX_DISTANCE_KM }),
    enabled: regionSlug === null && name === "",
  });
  const byName = useQuery({
    ...trpc.courts.byName.queryOptions({ name, regionSlug: regionSlug ?? undefined }),
    enabled: name !== "",
    placeholderData: keepPreviousData,
  });
  const list = name !== "" ? byName : regionSlug !== null ? { ...region, data: region.data?.courts } : near;
  const centre = region.data ? { latitude: region.data.region.latitude, longitude: region.data.region.longitude } : MAP_DEFAULT_CENTER;
  return { list, centre, zoom: region.data?.region.mapZoomLevel ?? MAP_ZOOM_LIST, searching: name !== "" && byName.isPlaceholderData };
}

function MissingCourtLink() {
  return (
    <Link
      to="/court/create"
      className="mt-4 flex min-h-14 items-center gap-3 rounded-2xl border-2 border-dashed border-pitch-600/40 bg-pitch-50 px-4 py-2.5 text-left text-[15px] font-bold text-pitch-800 hover:bg-pitch-100"
    >
      <MapPinPlus aria-hidden className="size-5 shrink-0 text-pitch-700" />
      <span className="flex-1">{m.court_choose_missing()}</span>
      <ArrowRight aria-hidden className="size-5 shrink-0 text-pitch-700" />
    </Link>
  );
}

/**
 * Court choice screen (spec 000 section 2, "select court"; spec 001 section 2.7): the courts near the
 * user's region on a map and as a list with a search by name. A marker or a row highlights a court and
 * shows its compact card; 'Platz auswählen' confirms. Embedded in edit-court, the highlight is the choice
 * (that screen confirms with its own save bar).
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
  onSelect: (court: TCourtListItem) => void;
  /** Full-screen mode of the create form: a way back to the form. */
  onBack?: () => void;
  /** Inside a page that has its own title (edit-court). */
  embedded?: boolean;
}) {
  const { locale } = useLocale();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const name = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const { list, centre, zoom, searching } = useChoosableCourts(regionSlug, name);
  const courts = list.data ?? [];
  const [highlightedId, setHighlightedId] = useState<number | null>(selectedId);
  const highlighted = courts.find((court) => court.id === highlightedId) ?? null;

  useEffect(() => {
    if (!embedded) window.scrollTo({ top: 0 });
  }, [embedded]);

  function highlight(id: number) {
    setHighlightedId(id);
    const court = courts.find((candidate) => candidate.id === id);
    if (embedded && court) onSelect(court);
  }

  return (
    <div className={embedded ? "px-4 pt-1 pb-6" : `px-4 pt-4 ${highlighted ? "pb-72" : "pb-6"}`}>
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

      <div className="mt-4">
        <CourtMap
          courts={courts}
          center={centre}
          zoom={zoom}
          height={MAP_HEIGHT_COMPACT}
          selectedId={highlightedId}
          onSelect={highlight}
          label={m.court_choose_map_label()}
        />
      </div>

      {embedded && highlighted ? (
        <div className="mt-3">
          <CourtSummaryCard court={highlighted} locale={locale}>
            <Link to="/court/$courtId" params={{ courtId: String(highlighted.id) }} className={buttonClassName({ variant: "outline", block: true })}>
              {m.court_details()}
            </Link>
          </CourtSummaryCard>
        </div>
      ) : null}

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
        {list.isPending ? (
          <p role="status" className="py-8 text-center text-slate-600">
            {m.court_picker_loading()}
          </p>
        ) : list.isError ? (
          <Notice tone="error">{errorMessage(list.error)}</Notice>
        ) : courts.length === 0 ? (
          <div className="rounded-3xl border border-dashed border-slate-300 bg-slate-50 px-5 py-8 text-center">
            <p className="text-[16px] font-semibold text-slate-800">{m.court_picker_empty()}</p>
            <p className="mt-1 text-[15px] text-slate-600">{m.court_choose_empty_text()}</p>
            <Link to="/court/create" className={buttonClassName({ className: "mt-4" })}>
              <MapPinPlus aria-hidden className="size-5" />
              {m.court_create_cta()}
            </Link>
          </div>
        ) : (
          <>
            <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-600 uppercase">
              {courts.length === 1 ? m.court_picker_results_one() : m.court_picker_results({ count: String(courts.length) })}
            </h2>
            <ul
              className={`space-y-2 transition-opacity ${searching ? "opacity-60" : ""}`}
              data-testid="court-picker-results"
              data-search={name}
              aria-busy={searching || list.isFetching}
            >
              {courts.map((court) => (
                <li key={court.id}>
                  <CourtListRow court={court} locale={locale} selected={court.id === highlightedId} onSelect={() => highlight(court.id)} />
                </li>
              ))}
            </ul>
            <MissingCourtLink />
          </>
        )}
      </div>

      {!embedded && highlighted ? (
        <div className="fixed inset-x-0 bottom-[var(--bottom-bar-height,4.5rem)] z-20 mx-auto w-full max-w-[520px] px-3 pb-3">
          <CourtSummaryCard court={highlighted} locale={locale}>
            <Button size="lg" block onClick={() => onSelect(highlighted)}>
              <Check aria-hidden className="size-5" />
              {m.court_choose_confirm()}
            </Button>
          </CourtSummaryCard>
        </div>
      ) : null}
    </div>
  );
}
