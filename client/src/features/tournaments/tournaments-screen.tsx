import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MapPin } from "lucide-react";
import { buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { regionQueryOptions, useCurrentRegionSlug } from "@client/features/regions/regions-query";
import { CreationInfoBox } from "./creation-info-box";
import { TournamentList } from "./tournament-list";

/**
 * /tournaments (spec 001 sections 2.2, 2.10): the upcoming tournaments of the user's city (the one the
 * feed and the tabs use) and the creation info box. Without a city yet, the way to choose one.
 */
export function TournamentsScreen() {
  useLocale();
  const slug = useCurrentRegionSlug();
  const region = useQuery({ ...regionQueryOptions(slug ?? ""), enabled: slug !== null });
  return (
    <div className="pb-24">
      <div className="bg-gradient-to-b from-amber-50 to-white px-4 pt-5 pb-4">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">
          {region.data ? m.tournament_list_title({ region: region.data.name }) : m.tournament_list_title_plain()}
        </h1>
        <p className="mt-1 text-[16px] text-slate-700">{m.tournament_list_subtitle()}</p>
      </div>
      <div className="space-y-6 px-4 pt-2">
        {slug ? (
          <TournamentList regionSlug={slug} />
        ) : (
          <EmptyState icon={<MapPin aria-hidden className="size-7" />}>
            <p className="text-[16px] font-semibold text-slate-800">{m.tournament_list_no_region()}</p>
            <Link to="/games" className={buttonClassName({ className: "mt-4" })}>
              {m.tournament_choose_city()}
            </Link>
          </EmptyState>
        )}
        <CreationInfoBox />
      </div>
    </div>
  );
}
