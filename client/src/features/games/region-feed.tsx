import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDays, MapPin, MessageCircle, Send, Trophy, Users } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import type { TRegion } from "@shared/schemas/regions";
import { buttonClassName } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { storeRegionSlug } from "@client/lib/storage";
import { m } from "@client/paraglide/messages";
import { regionGroupLinks } from "@client/features/regions/region-links";
import { regionQueryOptions } from "@client/features/regions/regions-query";

export type FeedTab = "all" | "mine" | "tournaments";

function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
      <div className="mb-3 inline-flex size-14 items-center justify-center rounded-full bg-white text-pitch-700 shadow-sm">{icon}</div>
      {children}
    </div>
  );
}

function RegionBox({ region }: { region: TRegion }) {
  const links = regionGroupLinks(region);
  return (
    <section aria-labelledby="region-box" className="rounded-3xl bg-gradient-to-br from-pitch-700 to-pitch-900 p-5 text-white">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-white/15">
          <Users aria-hidden className="size-6" />
        </span>
        <h2 id="region-box" className="text-[19px] font-extrabold">
          {m.region_box_title({ region: region.name })}
        </h2>
      </div>
      <p className="mt-3 text-[15px] leading-relaxed text-pitch-50">{links.length > 0 ? m.region_box_text() : m.region_box_no_links()}</p>
      {links.length > 0 ? (
        <ul className="on-dark mt-4 grid gap-2">
          {links.map((link) => (
            <li key={link.key}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-h-12 items-center gap-3 rounded-2xl bg-white px-4 font-semibold text-slate-900 hover:bg-pitch-50"
              >
                {link.kind === "whatsapp" ? (
                  <MessageCircle aria-hidden className="size-5 text-pitch-600" />
                ) : (
                  <Send aria-hidden className="size-5 text-sky-600" />
                )}
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {region.head ? <p className="mt-4 text-sm text-pitch-100">{m.region_head({ name: region.head.firstName })}</p> : null}
    </section>
  );
}

/**
 * Frame of the region game feed (spec 001 section 2.7). The game list itself comes with the games
 * issue; until then each tab shows its real empty state.
 */
export function RegionFeed({ regionSlug, tab }: { regionSlug: string; tab: FeedTab }) {
  useLocale();
  const { data: region } = useSuspenseQuery(regionQueryOptions(regionSlug));
  const account = useAccount();
  // Visiting a city makes it the current one (header, games tab, the / redirect).
  useEffect(() => storeRegionSlug(region.slug), [region.slug]);
  const tabs: { key: FeedTab; label: string }[] = [
    { key: "all", label: m.feed_tab_all() },
    { key: "mine", label: m.feed_tab_mine() },
    { key: "tournaments", label: m.feed_tab_tournaments() },
  ];

  return (
    <div className="pb-4">
      <div className="bg-gradient-to-b from-pitch-50 to-white px-4 pt-5 pb-3">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">
          {m.feed_title({ region: region.name })}
        </h1>
        <p className="mt-1 text-[16px] text-slate-700">{m.feed_subtitle()}</p>
      </div>

      <nav aria-label={m.feed_tabs_label()} className="sticky top-[calc(3.5rem+env(safe-area-inset-top))] z-20 border-b border-slate-200 bg-white px-2">
        <ul className="flex justify-between">
          {tabs.map((item) => {
            const active = item.key === tab;
            return (
              <li key={item.key} className="flex-auto">
                <Link
                  to="/games/$regionSlug"
                  params={{ regionSlug }}
                  search={item.key === "all" ? {} : { tab: item.key }}
                  aria-current={active ? "page" : undefined}
                  className={`flex min-h-12 items-center justify-center border-b-[3px] px-2 text-center text-[14px] font-bold whitespace-nowrap transition-colors ${
                    active ? "border-pitch-600 text-pitch-800" : "border-transparent text-slate-600 hover:text-slate-900"
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="space-y-6 px-4 pt-5">
        {tab === "tournaments" ? (
          <EmptyState icon={<Trophy aria-hidden className="size-7" />}>
            <p className="text-[16px] font-semibold text-slate-800">{m.feed_empty_tournaments()}</p>
          </EmptyState>
        ) : tab === "mine" && !account ? (
          <EmptyState icon={<CalendarDays aria-hidden className="size-7" />}>
            <p className="text-[16px] font-semibold text-slate-800">{m.feed_mine_signed_out()}</p>
            <Link
              to="/login"
              search={{ redirect: `/games/${regionSlug}?tab=mine` }}
              className={buttonClassName({ className: "mt-4" })}
            >
              {m.menu_sign_in()}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState icon={<CalendarDays aria-hidden className="size-7" />}>
            <p className="text-[16px] font-semibold text-slate-800">{m.feed_empty()}</p>
          </EmptyState>
        )}

        <Link to="/games" className={buttonClassName({ variant: "outline", block: true, size: "lg" })}>
          <MapPin aria-hidden className="size-5 text-pitch-700" />
          {m.feed_other_city()}
        </Link>

        <RegionBox region={region} />
      </div>
    </div>
  );
}
