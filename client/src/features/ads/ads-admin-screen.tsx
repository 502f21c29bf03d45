import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight, Megaphone, Plus } from "lucide-react";
import type { TAdminAd } from "@shared/schemas/ads";
import { buttonClassName } from "@client/components/button";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { Chip, EmptyList, ListError } from "@client/features/admin/admin-list";
import { AdminPage } from "@client/features/admin/admin-page";
import { AD_KIND_LABEL } from "./ad-labels";
import { adminAdsQueryOptions } from "./ads-queries";

function AdRow({ ad }: { ad: TAdminAd }) {
  const { locale } = useLocale();
  const n = (v: number) => v.toLocaleString(locale);
  return (
    <li>
      <Link
        to="/admin/ads/$adId"
        params={{ adId: String(ad.id) }}
        data-testid="admin-ad-row"
        className="flex items-center gap-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm shadow-slate-900/5 hover:border-pitch-300"
      >
        {ad.imageUrl ? (
          <img src={ad.imageUrl} alt="" className="h-12 w-16 shrink-0 rounded-xl border border-slate-200 object-cover" loading="lazy" />
        ) : (
          <span aria-hidden className="inline-flex h-12 w-16 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-500">
            <Megaphone className="size-6" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[16px] font-extrabold tracking-tight text-slate-900">{ad.title}</span>
          <span className="mt-1 flex flex-wrap gap-1.5">
            <Chip tone={ad.active ? "pitch" : "amber"}>{ad.active ? m.ad_admin_active() : ad.imageUrl ? m.ad_admin_inactive() : m.ad_admin_no_image()}</Chip>
            <Chip>{AD_KIND_LABEL[ad.kind]()}</Chip>
            <Chip tone="sky">{ad.region?.name ?? m.ad_all_regions()}</Chip>
          </span>
          <span className="mt-1 block text-[13px] text-slate-600" data-testid="admin-ad-stats">
            {m.ad_admin_stats({
              impressions: n(ad.total.impressions),
              clicks: n(ad.total.clicks),
            })}
            <br />
            {m.ad_admin_stats_30({
              impressions: n(ad.last30Days.impressions),
              clicks: n(ad.last30Days.clicks),
            })}
          </span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

/** /admin/ads (issue 26): every ad with its state, region and counters (in all and the last 30 days); a button to add one. */
export function AdsAdminScreen() {
  useLocale();
  const ads = useQuery(adminAdsQueryOptions());
  return (
    <AdminPage
      title={m.ad_admin_title()}
      subtitle={m.ad_admin_subtitle()}
      aside={
        <Link to="/admin/ads/new" className={buttonClassName()} data-testid="admin-ad-new">
          <Plus aria-hidden className="size-5" />
          {m.ad_admin_new()}
        </Link>
      }
    >
      {ads.isPending ? (
        <ListPlaceholder rows={2} />
      ) : ads.isError ? (
        <ListError error={ads.error} retrying={ads.isFetching} onRetry={() => void ads.refetch()} />
      ) : ads.data.length === 0 ? (
        <EmptyList icon={<Megaphone aria-hidden className="size-7" />} title={m.ad_admin_none()} />
      ) : (
        <ul className="space-y-3">
          {ads.data.map((ad) => (
            <AdRow key={ad.id} ad={ad} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
