import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight, Crown, MapPinned, Plus, Star, UsersRound } from "lucide-react";
import { useState } from "react";
import type { TAdminRegion } from "@shared/schemas/admin";
import { buttonClassName } from "@client/components/button";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { fullName } from "../admin-format";
import { Chip, EmptyList, ListError } from "../admin-list";
import { AdminPage } from "../admin-page";
import { adminRegionsQueryOptions } from "../admin-queries";
import { SearchField } from "../search-field";

function matches(region: TAdminRegion, query: string): boolean {
  const q = query.toLocaleLowerCase();
  return region.name.toLocaleLowerCase().includes(q) || region.slug.includes(q);
}

function RegionRow({ region }: { region: TAdminRegion }) {
  return (
    <li>
      <Link
        to="/admin/regions/$id"
        params={{ id: String(region.id) }}
        data-testid="admin-region-row"
        className="flex items-center gap-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm shadow-slate-900/5 hover:border-pitch-300"
      >
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-pitch-600 to-pitch-800 text-white">
          <MapPinned aria-hidden className="size-6" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className="truncate text-[16px] font-extrabold tracking-tight text-slate-900">{region.name}</span>
            {region.featured ? <Star aria-label={m.admin_region_featured()} className="size-4 shrink-0 fill-amber-400 text-amber-500" /> : null}
          </span>
          <span className="block truncate text-[13px] text-slate-600">/{region.slug}</span>
          <span className="mt-1 flex flex-wrap gap-1.5">
            <Chip>
              <UsersRound aria-hidden className="mr-1 size-3.5" />
              {m.admin_region_users({ count: region.userCount.toLocaleString() })}
            </Chip>
            {region.head ? (
              <Chip tone="amber">
                <Crown aria-hidden className="mr-1 size-3.5" />
                {fullName(region.head)}
              </Chip>
            ) : null}
          </span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

/** /admin/regions: every city, featured ones marked, filtered as one types; a button to add one. */
export function RegionsScreen() {
  useLocale();
  const [query, setQuery] = useState("");
  const regions = useQuery(adminRegionsQueryOptions());
  const q = query.trim();
  const shown = (regions.data ?? []).filter((region) => !q || matches(region, q));
  return (
    <AdminPage
      title={m.admin_regions_title()}
      subtitle={
        regions.data
          ? m.admin_regions_subtitle({ count: String(regions.data.length), featured: String(regions.data.filter((r) => r.featured).length) })
          : undefined
      }
      aside={
        <Link to="/admin/regions/new" className={buttonClassName({ size: "md" })} data-testid="admin-region-new">
          <Plus aria-hidden className="size-5" />
          {m.admin_new()}
        </Link>
      }
    >
      <SearchField label={m.admin_regions_search()} value={query} onValueChange={setQuery} />
      {regions.isPending ? (
        <ListPlaceholder rows={3} />
      ) : regions.isError ? (
        <ListError error={regions.error} retrying={regions.isFetching} onRetry={() => void regions.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyList icon={<MapPinned aria-hidden className="size-7" />} title={q ? m.admin_regions_none_found({ query: q }) : m.admin_regions_none()}>
          {q ? null : (
            <Link to="/admin/regions/new" className={buttonClassName({ className: "mt-5" })}>
              <Plus aria-hidden className="size-5" />
              {m.admin_region_new()}
            </Link>
          )}
        </EmptyList>
      ) : (
        <ul className="space-y-3" aria-label={m.admin_regions_title()}>
          {shown.map((region) => (
            <RegionRow key={region.id} region={region} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
