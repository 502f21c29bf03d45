import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { AD_IMAGE } from "@shared/constants";
import type { TAd } from "@shared/schemas/ads";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/**
 * One advertisement (issue 26): its picture at its size's aspect ratio (1200 x 375/750/1125), loaded
 * lazily, the title as alt text, marked "Anzeige". The link goes through /api/ads/{id}/click, which
 * counts and redirects to the ad's link, in a new tab (the wrapper opens target _blank outside the app).
 * An impression is sent once per page view, when half the ad is visible; no cookie, no viewer id.
 */
export function AdBanner({ ad }: { ad: TAd }) {
  useLocale();
  const ref = useRef<HTMLAnchorElement>(null);
  const { mutate: recordImpression } = useMutation(trpc.ads.recordImpression.mutationOptions());
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    let sent = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (sent || !entries.some((e) => e.isIntersecting && e.intersectionRatio >= 0.5)) return;
        sent = true;
        observer.disconnect();
        recordImpression({ id: ad.id });
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ad.id, recordImpression]);
  if (!ad.imageUrl) return null;
  const height = AD_IMAGE.heightBySize[ad.size];
  return (
    <aside aria-label={m.ad_label()} data-testid="ad-banner" data-ad-id={ad.id} data-ad-position={ad.position ?? ""}>
      <a
        ref={ref}
        href={`/api/ads/${ad.id}/click`}
        target="_blank"
        rel="noopener sponsored"
        className="relative block overflow-hidden rounded-3xl border border-slate-200 bg-slate-100 shadow-sm shadow-slate-900/5"
        style={{ aspectRatio: `${AD_IMAGE.width} / ${height}` }}
      >
        <img src={ad.imageUrl} alt={ad.title} width={AD_IMAGE.width} height={height} loading="lazy" decoding="async" className="size-full object-cover" />
        <span className="absolute top-2 left-2 rounded-full bg-white/90 px-2 py-0.5 text-[11px] font-bold tracking-wide text-slate-700 uppercase shadow-xs">
          {m.ad_label()}
        </span>
      </a>
    </aside>
  );
}

/** The active game ads of a region's feed (the feed places them, shared/rules/ad-placement.ts). */
export function gameFeedAdsQueryOptions(regionSlug: string) {
  return trpc.ads.gameFeed.queryOptions({ regionSlug }, { staleTime: 5 * 60_000 });
}

/** A tournament page's ads: this tournament's, else its region's, else the all-region ones. */
export function TournamentAds({ tournamentId }: { tournamentId: number }) {
  const ads = useQuery(trpc.ads.forTournament.queryOptions({ tournamentId }, { staleTime: 5 * 60_000 }));
  if (!ads.data?.length) return null;
  return (
    <div className="space-y-3" data-testid="tournament-ads">
      {ads.data.map((ad) => (
        <AdBanner key={ad.id} ad={ad} />
      ))}
    </div>
  );
}
