import { useQuery } from "@tanstack/react-query";
import { ChevronDown, Mail, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { searchRegions } from "@shared/rules/region-search";
import type { TRegion } from "@shared/schemas/regions";
import { inputClassName } from "@client/components/text-field";
import { Notice } from "@client/components/notice";
import { MISSING_CITY_URL } from "@client/lib/links";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { RegionTile, tileClassName } from "./region-tile";
import { regionsQueryOptions, sortRegions } from "./regions-query";

type Target = "games" | "courts";

/** The regions the query finds, best first (shared/rules/region-search.ts); null below two letters (then every region shows). */
function useRegionSearch(regions: TRegion[], query: string): TRegion[] | null {
  const trimmed = query.trim();
  return useMemo(() => (trimmed.length < 2 ? null : searchRegions(regions, trimmed)), [regions, trimmed]);
}

/**
 * Region picker of spec 001 section 2.1: fuzzy search, featured city tiles, 'load all cities',
 * and 'your city is missing'. Choosing stores the city and opens its games or courts.
 */
export function RegionChooser({ target }: { target: Target }) {
  const { locale } = useLocale();
  const searchId = useId();
  const regionsQuery = useQuery(regionsQueryOptions());
  const [query, setQuery] = useState("");
  const [showAll, setShowAll] = useState(false);

  const regions = useMemo(() => sortRegions(regionsQuery.data ?? [], locale), [regionsQuery.data, locale]);
  const results = useRegionSearch(regions, query);
  const featured = regions.filter((region) => region.featured);
  const visible = results ?? (showAll || featured.length === 0 ? regions : featured);
  const hrefOf = (region: TRegion) => `/${target}/${region.slug}`;

  return (
    <div className="px-4 pt-6 pb-4">
      <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">
        {target === "games" ? m.region_chooser_title_games() : m.region_chooser_title_courts()}
      </h1>
      <p className="mt-1.5 text-[16px] text-slate-700">
        {target === "games" ? m.region_chooser_subtitle_games() : m.region_chooser_subtitle_courts()}
      </p>

      <div className="relative mt-5" role="search">
        <label htmlFor={searchId} className="sr-only">
          {m.region_search_label()}
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={m.region_search_placeholder()}
          autoComplete="off"
          enterKeyHint="search"
          className={`${inputClassName} border-slate-300 bg-slate-50 pl-12`}
        />
      </div>

      <div className="mt-5">
        {regionsQuery.isPending ? (
          <p role="status" className="py-10 text-center text-[16px] text-slate-600">
            {m.regions_loading()}
          </p>
        ) : regionsQuery.isError ? (
          <Notice tone="error">{m.regions_error()}</Notice>
        ) : (
          <>
            <h2 className="mb-3 text-sm font-bold tracking-wide text-slate-600 uppercase" aria-live="polite">
              {results
                ? m.region_search_results({ count: String(results.length) })
                : showAll
                  ? m.region_all_heading()
                  : m.region_featured_heading()}
            </h2>
            {results && results.length === 0 ? (
              <p className="mb-4 rounded-2xl bg-slate-50 px-4 py-6 text-center text-slate-700">{m.region_search_empty()}</p>
            ) : null}
            <ul className="grid grid-cols-2 gap-3">
              {visible.map((region) => (
                <li key={region.id}>
                  <RegionTile region={region} href={hrefOf(region)} />
                </li>
              ))}
              {!results && !showAll && regions.length > featured.length && featured.length > 0 ? (
                <li>
                  <button
                    type="button"
                    onClick={() => setShowAll(true)}
                    className={`${tileClassName} w-full flex-col items-center justify-center gap-2 border-2 border-dashed border-pitch-600/40 bg-pitch-50 text-pitch-800 shadow-none ring-0 hover:bg-pitch-100`}
                  >
                    <ChevronDown aria-hidden className="size-7" />
                    <span className="px-3 text-[16px] font-bold">{m.region_load_all()}</span>
                  </button>
                </li>
              ) : null}
              <li>
                <a
                  href={MISSING_CITY_URL}
                  className={`${tileClassName} flex-col items-center justify-center gap-2 border-2 border-dashed border-slate-300 bg-white text-slate-800 shadow-none ring-0 hover:bg-slate-50`}
                >
                  <Mail aria-hidden className="size-7 text-pitch-700" />
                  <span className="px-3 text-center text-[16px] leading-tight font-bold">{m.region_missing_title()}</span>
                  <span className="px-3 text-center text-[13px] text-slate-600">{m.region_missing_text()}</span>
                </a>
              </li>
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
