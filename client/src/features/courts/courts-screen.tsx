import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, MapPin, MapPinPlus, RefreshCw, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { MAP_HEIGHT_FULL, MAP_ZOOM_LIST } from "@shared/constants";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { CourtMap } from "@client/components/map/court-map";
import { BlockPlaceholder, ListPlaceholder } from "@client/components/page-placeholder";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { storeRegionSlug } from "@client/lib/storage";
import { m } from "@client/paraglide/messages";
import { CourtListRow, CourtSummaryCard } from "./court-bits";
import { regionCourtsQueryOptions } from "./court-queries";
import { MapCreateMenu } from "./map-create-menu";

/** 'Platz fehlt?' – the way to /court/create under the list and in the empty state. */
function CreateCourtLink() {
  return (
    <Link
      to="/court/create"
      className="flex min-h-16 items-center gap-3 rounded-2xl border-2 border-dashed border-pitch-600/40 bg-pitch-50 px-4 py-3 text-left hover:bg-pitch-100"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-pitch-700 shadow-sm">
        <MapPinPlus aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[16px] font-bold text-pitch-800">{m.court_missing_title()}</span>
        <span className="block text-[14px] text-slate-700">{m.court_missing_text()}</span>
      </span>
      <ArrowRight aria-hidden className="size-5 shrink-0 text-pitch-700" />
    </Link>
  );
}

/**
 * /courts/{regionSlug} (spec 001 sections 2.2 and 2.7): the region's courts on a map and as a list,
 * nearest to the region's centre first. A marker or a row selects a court and shows its compact card.
 */
export function CourtsScreen({ regionSlug }: { regionSlug: string }) {
  const { locale } = useLocale();
  const query = useQuery(regionCourtsQueryOptions(regionSlug));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const region = query.data?.region ?? null;
  const courts = query.data?.courts ?? [];
  const selected = courts.find((court) => court.id === selectedId) ?? null;

  // Visiting a city's courts makes it the current city (header, tabs), as its game feed does.
  useEffect(() => {
    if (region) storeRegionSlug(region.slug);
  }, [region]);


  return (
    <div className={selected ? "pb-72" : "pb-24"}>
      <div className="bg-gradient-to-b from-pitch-50 to-white px-4 pt-5 pb-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">
              {region ? m.court_region_title({ region: region.name }) : m.court_region_title_plain()}
            </h1>
            <p className="mt-1 text-[16px] text-slate-700">{m.court_region_subtitle()}</p>
          </div>
        </div>
        <Link
          to="/courts"
          className="mt-2 -ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
        >
          <MapPin aria-hidden className="size-4" />
          {m.court_other_city()}
        </Link>
      </div>

      {query.isError ? (
        <div className="px-4 pt-4">
          <EmptyState icon={<SearchX aria-hidden className="size-7" />}>
            <div role="alert">
              <p className="text-[16px] font-semibold text-slate-800">{m.court_list_error()}</p>
              <p className="mt-1 text-[14px] leading-snug text-slate-600">{errorMessage(query.error)}</p>
            </div>
            <Button className="mt-4" variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden className="size-5" />
              {m.court_retry()}
            </Button>
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="px-3">
            {region ? (
              <CourtMap
                courts={courts}
                center={{ latitude: region.latitude, longitude: region.longitude }}
                zoom={region.mapZoomLevel ?? MAP_ZOOM_LIST}
                height={MAP_HEIGHT_FULL}
                selectedId={selectedId}
                onSelect={setSelectedId}
                label={m.court_map_label({ region: region.name })}
                overlay={<MapCreateMenu courtId={selectedId} />}
              />
            ) : (
              <BlockPlaceholder className="h-[400px] bg-slate-200" />
            )}
          </div>

          <div className="space-y-5 px-4 pt-4">
            {query.isPending ? (
              <ListPlaceholder />
            ) : courts.length === 0 ? (
              <EmptyState icon={<MapPinPlus aria-hidden className="size-7" />}>
                <p className="text-[16px] font-semibold text-slate-800">{m.court_region_empty({ region: region?.name ?? "" })}</p>
                <p className="mt-1 text-[15px] text-slate-600">{m.court_region_empty_text()}</p>
                <Link to="/court/create" className={buttonClassName({ className: "mt-4" })}>
                  <MapPinPlus aria-hidden className="size-5" />
                  {m.court_create_cta()}
                </Link>
              </EmptyState>
            ) : (
              <section aria-labelledby="courts-nearby">
                <h2 id="courts-nearby" className="mb-2 text-sm font-bold tracking-wide text-slate-600 uppercase">
                  {courts.length === 1 ? m.court_nearby_one() : m.court_nearby({ count: String(courts.length) })}
                </h2>
                <ul className="space-y-2">
                  {courts.map((court) => (
                    <li key={court.id}>
                      <CourtListRow court={court} locale={locale} selected={court.id === selectedId} onSelect={() => setSelectedId(court.id)} />
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {courts.length > 0 ? <CreateCourtLink /> : null}
          </div>
          {selected ? (
            // A bottom sheet above the tab bar: visible wherever the user tapped (map or list).
            <div className="fixed inset-x-0 bottom-[var(--bottom-bar-height,4.5rem)] z-20 mx-auto w-full max-w-[520px] px-3 pb-3">
              <CourtSummaryCard court={selected} locale={locale}>
                <div className="flex gap-2">
                  <Link to="/court/$courtId" params={{ courtId: String(selected.id) }} className={buttonClassName({ block: true })}>
                    {m.court_details()}
                  </Link>
                  <button
                    type="button"
                    onClick={() => setSelectedId(null)}
                    className={buttonClassName({ variant: "outline", className: "shrink-0" })}
                  >
                    {m.court_card_close()}
                  </button>
                </div>
              </CourtSummaryCard>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
