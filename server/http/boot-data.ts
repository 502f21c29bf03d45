import { z } from "zod";
import { bootDataElement, type BootEntry } from "@shared/boot-data";
import { berlinDay } from "@shared/rules/berlin-time";
import { ZAd, ZGameFeedAdsInput, ZTournamentAdsInput } from "@shared/schemas/ads";
import { ZBookingSlots, ZBookingSlotsInput } from "@shared/schemas/bookings";
import { ZCourtDetail, ZCourtIdInput } from "@shared/schemas/courts";
import { ZGame, ZGameFeed, ZGameFeedInput, ZGameIdInput, ZGameListItem, ZGamesOnCourtInput } from "@shared/schemas/games";
import { ZRegionSubscriberCount } from "@shared/schemas/notifications";
import { ZRegion, ZRegionList } from "@shared/schemas/regions";
import { ZTournament, ZTournamentIdInput } from "@shared/schemas/tournaments";
import type { Ctx } from "../context";
import { gameFeedAds, tournamentAds } from "../domains/ads/service";
import { bookingSlots } from "../domains/bookings/availability";
import { courtById } from "../domains/courts/service";
import { feed, gameById, gamesOnCourt } from "../domains/games/read";
import { regionSubscriberCount } from "../domains/notifications/service";
import { listRegions, regionBySlug } from "../domains/regions/service";
import { tournament as tournamentById } from "../domains/tournaments/service";

/**
 * The answers the first screen of a game page, a region feed, a court page or a tournament page needs, as its tRPC
 * calls would get them for this viewer (same services, inputs and output schemas; shared/boot-data.ts). Null when a
 * path has none, or when a call fails (an unknown court, a draft tournament the viewer may not see): then the page
 * loads as before and shows its own error. Every drawn page also carries `regions.list`: the shell's header names the
 * current city from it (features/regions/regions-query.ts), so it is drawn and not asked again after hydrating.
 */
export async function bootEntriesFor(ctx: Ctx, pathname: string, search: URLSearchParams): Promise<BootEntry[] | null> {
  const entries = await screenEntries(ctx, pathname, search);
  if (!entries) return null;
  const regions = await listRegions(ctx).catch(() => null);
  if (!regions) return entries;
  return [...entries, { kind: "query", path: "regions.list", input: null, data: ZRegionList.parse(regions) }];
}

async function screenEntries(ctx: Ctx, pathname: string, search: URLSearchParams): Promise<BootEntry[] | null> {
  try {
    const game = /^\/game\/([0-9]{1,12})\/?$/.exec(pathname);
    if (game) {
      // the id as the tRPC input checks it (a bounded integer), before it reaches the database
      const input = ZGameIdInput.safeParse({ gameId: Number(game[1]) });
      if (!input.success) return null;
      const { gameId } = input.data;
      return [{ kind: "query", path: "games.byId", input: { gameId }, data: ZGame.parse(await gameById(ctx, gameId)) }];
    }
    const region = /^\/games\/([a-z0-9-]{1,100})\/?$/.exec(pathname);
    // The feed's plain view only: a tab, a court or a filter in the address changes what it loads.
    if (region && [...search.keys()].length === 0) {
      const slug = region[1]!;
      const input = { regionSlug: slug, courtId: null, filter: "all" as const };
      const adsInput = ZGameFeedAdsInput.parse({ regionSlug: slug });
      // the ad between the games and the region's subscriber count: drawn with the page, so nothing moves in later; the
      // count needs the region's id, so it follows the region while the feed and the ad are read beside them
      const regionAndCount = regionBySlug(ctx, slug).then(async (region) => [region, await regionSubscriberCount(ctx, region.id)] as const);
      const [[found, subscribers], firstPage, ads] = await Promise.all([regionAndCount, feed(ctx, ZGameFeedInput.parse(input)), gameFeedAds(ctx, adsInput)]);
      return [
        { kind: "query", path: "regions.bySlug", input: { slug }, data: ZRegion.parse(found) },
        { kind: "infinite", path: "games.feed", input, data: ZGameFeed.parse(firstPage) },
        { kind: "query", path: "ads.gameFeed", input: adsInput, data: z.array(ZAd).parse(ads) },
        { kind: "query", path: "notifications.regionSubscriberCount", input: { regionId: found.id }, data: ZRegionSubscriberCount.parse(subscribers) },
      ];
    }
    // The route's own id pattern (features/*-queries.ts parseEntityId, parseTournamentId): a leading zero is its
    // not-found screen, so it gets no data either.
    const court = /^\/court\/([1-9][0-9]{0,11})\/?$/.exec(pathname);
    if (court) return await courtEntries(ctx, Number(court[1]));
    const tournament = /^\/tournament\/([1-9][0-9]{0,11})\/?$/.exec(pathname);
    if (tournament) return await tournamentEntries(ctx, Number(tournament[1]));
  } catch {
    // unknown game, region, court or tournament, or a failure: the client asks itself and shows the right screen
  }
  return null;
}

/**
 * /court/{id} (client: features/courts/court-screen.tsx): the court, its upcoming games and, for a rentable court,
 * the free times of today (Berlin) that the rent section opens on (features/bookings/rent-court-section.tsx).
 */
async function courtEntries(ctx: Ctx, rawId: number): Promise<BootEntry[] | null> {
  const input = ZCourtIdInput.safeParse({ id: rawId });
  if (!input.success) return null;
  const { id } = input.data;
  const [found, games] = await Promise.all([courtById(ctx, id), gamesOnCourt(ctx, ZGamesOnCourtInput.parse({ courtId: id }))]);
  const entries: BootEntry[] = [
    { kind: "query", path: "courts.get", input: { id }, data: ZCourtDetail.parse(found) },
    { kind: "query", path: "games.onCourt", input: { courtId: id }, data: z.array(ZGameListItem).parse(games) },
  ];
  if (found.rentable) {
    const slotsInput = { courtId: id, date: berlinDay(ctx.deps.clock.now()) };
    entries.push({ kind: "query", path: "bookings.slots", input: slotsInput, data: ZBookingSlots.parse(await bookingSlots(ctx, ZBookingSlotsInput.parse(slotsInput))) });
  }
  return entries;
}

/**
 * /tournament/{id} (client: features/tournaments/tournament-screen.tsx): the tournament as this viewer may see it (a
 * draft only for its organiser and admins: for anybody else the service refuses it as an unknown id, so nothing of
 * it comes into the page) and, unless it is cancelled, its advertisements. The viewer's own teams are not asked for
 * a guest (a guest has none), and a signed-in viewer's page is not drawn.
 */
async function tournamentEntries(ctx: Ctx, rawId: number): Promise<BootEntry[] | null> {
  const input = ZTournamentIdInput.safeParse({ tournamentId: rawId });
  if (!input.success) return null;
  const { tournamentId } = input.data;
  const found = ZTournament.parse(await tournamentById(ctx, tournamentId));
  const entries: BootEntry[] = [{ kind: "query", path: "tournaments.byId", input: { tournamentId }, data: found }];
  if (found.cancelledAt === null) {
    const ads = await tournamentAds(ctx, ZTournamentAdsInput.parse({ tournamentId }).tournamentId);
    entries.push({ kind: "query", path: "ads.forTournament", input: { tournamentId }, data: z.array(ZAd).parse(ads) });
  }
  return entries;
}

/** The page with its boot data before `</head>`. */
export function withBootData(html: string, entries: BootEntry[] | null): string {
  if (!entries || entries.length === 0) return html;
  return html.replace("</head>", () => `  ${bootDataElement(entries)}\n  </head>`);
}
