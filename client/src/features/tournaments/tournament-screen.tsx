import { useSuspenseQuery } from "@tanstack/react-query";
import { useLocale } from "@client/lib/locale";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { TournamentAds } from "@client/features/ads/ad-banner";
import { AddToCalendarButton } from "@client/features/calendar-event/add-to-calendar-button";
import { CourtSummary } from "@client/features/games/game-screen/details";
import { TimeZoneWarning } from "@client/features/games/time-zone-warning";
import { TournamentDocuments } from "./tournament-screen/documents";
import { TournamentHero } from "./tournament-screen/hero";
import { CancelledBanner, ManageTournament } from "./tournament-screen/manage";
import { EntryFee, LocationCard, RegistrationBlock, TournamentDescription, TournamentLinks, TournamentOrganiser } from "./tournament-screen/sections";
import { MyTeams } from "./registration/my-teams";
import { ChannelLink } from "./channel/channel-link";
import { tournamentQueryOptions } from "./tournament-queries";

/**
 * The tournament page /tournament/{id} (spec 001 section 2.10): the hero, a cancelled tournament's banner,
 * the organiser's tools, registration, entry fee, description, links, the rules and terms (their modals
 * follow ?rules, ?cancellation, ?terms), the organiser and the court. Fresh on every visit and whenever the
 * tab becomes visible again.
 */
export function TournamentScreen({ tournamentId }: { tournamentId: number }) {
  useLocale();
  const query = useSuspenseQuery(tournamentQueryOptions(tournamentId));
  const tournament = query.data;
  useRefetchOnVisible(() => void query.refetch());
  const cancelled = tournament.cancelledAt !== null;
  return (
    <div className="pb-8">
      <TournamentHero tournament={tournament} />
      <div className="space-y-6 px-4 pt-5">
        <CancelledBanner tournament={tournament} />
        <TimeZoneWarning instant={tournament.startTime} />
        {tournament.viewer.canManage && !cancelled ? <ManageTournament tournament={tournament} /> : null}
        <MyTeams tournament={tournament} />
        <ChannelLink tournament={tournament} />
        {cancelled ? null : (
          <AddToCalendarButton
            event={{
              kind: "tournament",
              id: tournament.id,
              title: tournament.name,
              start: tournament.startTime,
              end: tournament.endTime,
              location: [tournament.locationName ?? tournament.court?.name, tournament.court?.address].filter(Boolean).join(", ") || null,
            }}
          />
        )}
        {cancelled ? null : <RegistrationBlock tournament={tournament} />}
        <EntryFee tournament={tournament} />
        <TournamentDescription tournament={tournament} />
        {cancelled ? null : <TournamentLinks tournament={tournament} />}
        <TournamentDocuments tournament={tournament} />
        <TournamentOrganiser tournament={tournament} />
        {tournament.court ? (
          <CourtSummary court={tournament.court} regionSlug={tournament.region.slug} />
        ) : tournament.locationName ? (
          <LocationCard name={tournament.locationName} />
        ) : null}
        {/* the page's advertisement (spec 001 section 2.10): this tournament's, else the region's, else an all-region one */}
        {cancelled ? null : <TournamentAds tournamentId={tournament.id} />}
      </div>
    </div>
  );
}
