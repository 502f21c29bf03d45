import type { z } from "zod";
import { canManageGame } from "@shared/rules/game-permissions";
import { participationColour } from "@shared/rules/player-list";
import { paymentDisplayCode } from "@shared/rules/payment-display";
import { gameFeedCursorOf, type TGame, type TGameFeed, type TGameListItem, type ZGameFeedInput, type ZGamesOnCourtInput, type ZSearchGamesInput } from "@shared/schemas/games";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireCourt } from "../courts/service";
import { regionBySlug } from "../regions/service";
import { actorOrNull } from "../users/service";
import { sessionRegulars } from "../participation/regulars";
import * as repo from "./repo";
import { gameAccess, shareKeyOf } from "./visibility";
import { toWeather, weatherAlertOf, weatherForGames } from "../weather/service";

/* Reading and presenting games: the feed, search, the game page, profile lists. */

/**
 * One page of a region's feed. A full page costs one statement (the region comes joined); only an
 * empty page asks the regions service, which also tells an unknown region (REGION_NOT_FOUND).
 */
export async function feed(ctx: Ctx, input: z.output<typeof ZGameFeedInput>): Promise<TGameFeed> {
  const page = await repo.feed(ctx.deps.db, {
    regionSlug: input.regionSlug,
    now: ctx.deps.clock.now(),
    courtId: input.courtId ?? null,
    filter: input.filter,
    userId: ctx.viewer?.userId ?? null,
    after: input.cursor ?? null,
    limit: input.limit,
  });
  const region = page.region ?? (await regionBySlug(ctx, input.regionSlug));
  const last = page.games.at(-1);
  return {
    region: { id: region.id, slug: region.slug, name: region.name },
    // the cached forecast of each outdoor game's start hour, read with the page (never the network; domains/weather)
    games: page.games.map(({ forecast, ...g }) => (forecast ? { ...g, weather: toWeather(forecast) } : g)),
    nextCursor: page.more && last ? gameFeedCursorOf(last) : null,
  };
}

export function searchGames(ctx: Ctx, input: z.output<typeof ZSearchGamesInput>): Promise<TGameListItem[]> {
  return repo.searchNear(ctx.deps.db, {
    latitude: input.latitude,
    longitude: input.longitude,
    distanceKm: input.distance,
    from: input.startTime ?? ctx.deps.clock.now(),
  });
}

/** The court page's games: public, not cancelled, not over yet, soonest first (COURT_NOT_FOUND for an unknown court). */
export async function gamesOnCourt(ctx: Ctx, input: z.output<typeof ZGamesOnCourtInput>): Promise<TGameListItem[]> {
  await requireCourt(ctx, input.courtId);
  return repo.upcomingOnCourt(ctx.deps.db, { courtId: input.courtId, now: ctx.deps.clock.now(), limit: GAMES_ON_COURT_LIMIT });
}

const GAMES_ON_COURT_LIMIT = 20;

/**
 * The game page. A private game only for those who may see it (domains/games/visibility.ts): to anybody
 * else its id answers GAME_NOT_FOUND, like an id that does not exist; `shareKey` is its link's key.
 */
export async function gameById(ctx: Ctx, gameId: number, shareKey?: string | null): Promise<TGame> {
  const page = await repo.loadGamePage(ctx.deps.db, gameId);
  if (!page) throw new AppError("GAME_NOT_FOUND");
  const actor = await actorOrNull(ctx);
  const { game } = page;
  const access = await gameAccess(ctx.deps.db, game, actor, shareKeyOf(ctx, game.id, shareKey));
  if (!access.visible) throw new AppError("GAME_NOT_FOUND");
  const canManage = canManageGame(actor, game);
  // Reliability scores are visible to the creator, an admin or the player themself (spec 000 section 6).
  const canSeeAllReliability = canManage;
  const current = page.participations.filter((p) => p.cancelledAt === null);
  const own = actor ? (current.find((p) => p.userId === actor.id) ?? null) : null;
  // Payment codes for managers and the player themself; the cash request's details for managers (spec 000 section 6).
  const codeOf = (p: (typeof page.participations)[number]) =>
    game.isManagedPayment && (canManage || (actor !== null && p.userId === actor.id))
      ? paymentDisplayCode({ ...p, cancelled: p.cancelledAt !== null })
      : null;
  const seesPaymentOf = (p: (typeof page.participations)[number]) => canManage || (actor !== null && p.userId === actor.id);
  const PAID = ["Approved", "Captured", "PaidExternally"];
  // The regulars' head start as it applies now: none while the session has no regulars (issue 23 item 13).
  const now = ctx.deps.clock.now();
  const headStart = game.regularsOnlyUntil !== null && now < game.regularsOnlyUntil && game.gameTemplateId !== null ? await sessionRegulars(ctx.deps.db, game.gameTemplateId, now) : null;
  const regularsOnlyUntil = headStart && headStart.size > 0 ? game.regularsOnlyUntil : null;
  // the weather from the cache (domains/weather): the start hour's forecast for everybody, the warning for managers
  const weather = page.court && !page.court.indoor ? ((await weatherForGames(ctx.deps.db, [{ id: game.id, startTime: game.startTime, court: page.court }])).get(game.id) ?? null) : null;
  const weatherAlert = canManage && game.cancelledAt === null && page.court && !page.court.indoor ? await weatherAlertOf(ctx.deps.db, game.id) : null;
  return {
    id: game.id,
    title: game.title,
    description: game.description,
    descriptionEn: game.descriptionEn,
    startTime: game.startTime,
    endTime: game.endTime,
    durationMinutes: game.durationMinutes,
    gameType: game.gameType,
    gameMode: game.gameMode,
    level: game.level,
    gender: game.gender,
    priceCents: game.priceCents,
    isManagedPayment: game.isManagedPayment,
    instantCapture: game.instantCapture,
    externalPaymentRequestsAllowed: game.externalPaymentRequestsAllowed,
    minPlayers: game.minPlayers,
    maxPlayers: game.maxPlayers,
    teams: game.teams,
    participantsAmount: Number(page.participantsAmount),
    highestParticipantsAmountReached: game.highestParticipantsAmountReached,
    cancelledAt: game.cancelledAt,
    cancelledBy: page.canceller,
    cancellationReason: game.cancellationReason,
    cancellationMessage: game.cancellationMessage,
    minPlayersConfirmedAt: game.minPlayersConfirmedAt,
    // Whoever sees a private game may pass its link on (the share modal); public links need no key.
    shareKey: game.gameType === "PRIVATE" ? game.shareKey : null,
    gameTemplate: page.template ? { id: page.template.id, isActive: page.template.deactivatedAt === null } : null,
    regularsOnlyUntil,
    receivedOrganizerReliabilityFeedback: game.receivedOrganizerReliabilityFeedback,
    creator: page.creator,
    organization: page.organization,
    court: page.court,
    region: page.region,
    weather,
    weatherAlert,
    participations: current.map((p) => ({
      id: p.id,
      player:
        p.userId === null
          ? null
          : {
              id: p.userId,
              firstName: p.userFirstName ?? "",
              profileImageUrl: p.userImageUrl,
              reliabilityRating: canSeeAllReliability || p.userId === actor?.id ? p.reliabilityRating : null,
            },
      firstName: p.firstName,
      guestProfileId: p.guestProfileId,
      guestReliabilityRating: canSeeAllReliability && p.userId === null ? p.guestReliabilityRating : null,
      // The colour is for everybody, the score behind it only for those above (spec 000 sections 6, 9).
      participationColour: participationColour(p.userId === null ? p.guestReliabilityRating : p.reliabilityRating),
      playerCount: p.playerCount,
      playsHimself: p.playsHimself,
      bringsBall: p.bringsBall,
      bringsBibs: p.bringsBibs,
      queue: p.queue,
      createdAt: p.createdAt,
      organizerReliabilityFeedback: canManage ? p.organizerReliabilityFeedback : null,
      paymentCode: codeOf(p),
      requestedExternalPaymentAt: canManage ? p.requestedExternalPaymentAt : null,
      declinedExternalPaymentAt: canManage ? p.declinedExternalPaymentAt : null,
      externalPaymentMessage: canManage ? p.externalPaymentMessage : null,
      payed: canManage ? (PAID.includes(p.paymentStatus) ? p.playerCount : 0) : null,
      // Spec 000 section 3: the payment for managers and the player themself (as paymentCode), the rest for the player only.
      paymentStatus: seesPaymentOf(p) ? p.paymentStatus : null,
      paymentReservationExpiresAt: seesPaymentOf(p) ? p.paymentReservationExpiresAt : null,
      paymentCanCancelUntil: seesPaymentOf(p) ? p.paymentCanCancelUntil : null,
      totalPriceCents: seesPaymentOf(p) ? p.totalPriceCents : null,
      cancelledAt: p.cancelledAt,
      hasReported: actor !== null && p.userId === actor.id ? p.hasReported : null,
      notificationsEnabled: actor !== null && p.userId === actor.id ? p.notificationsEnabled : null,
    })),
    cancelledParticipations: canManage
      ? page.participations
          .filter((p) => p.cancelledAt !== null)
          .map((p) => ({
            id: p.id,
            player: p.userId === null ? null : { id: p.userId, firstName: p.userFirstName ?? "", profileImageUrl: p.userImageUrl },
            firstName: p.firstName,
            playerCount: p.playerCount,
            cancelledAt: p.cancelledAt!,
            removed: p.removedAt !== null,
            shortNotice: p.cancelledShortNotice,
            paymentCode: codeOf(p),
          }))
      : [],
    viewer: {
      canManage,
      canSeeReliability: canSeeAllReliability,
      isAdmin: actor?.isAdmin ?? false,
      isRegular: actor !== null && headStart !== null && headStart.has(actor.id),
      participation: own
        ? {
            id: own.id,
            queue: own.queue,
            playerCount: own.playerCount,
            playsHimself: own.playsHimself,
            bringsBall: own.bringsBall,
            bringsBibs: own.bringsBibs,
            hasReported: own.hasReported,
            paymentStatus: own.paymentStatus,
            requestedExternalPaymentAt: own.requestedExternalPaymentAt,
            declinedExternalPaymentAt: own.declinedExternalPaymentAt,
            paymentCanCancelUntil: own.paymentCanCancelUntil,
          }
        : null,
    },
  };
}

/** List items for the given games, in the given order (profiles' game lists). */
export async function gameListItems(ctx: Ctx, ids: number[]): Promise<TGameListItem[]> {
  if (ids.length === 0) return [];
  const rows = await repo.listByIds(ctx.deps.db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * A user's games for profile pages. The waiting list is private to its owner; private games are
 * listed only for the user themself.
 */
export async function userGames(
  ctx: Ctx,
  input: { userId: number; kind: "hosted" | "attended" | "queue"; limit: number; upcoming: boolean },
): Promise<{ objects: TGameListItem[]; hasNext: boolean }> {
  const own = ctx.viewer?.userId === input.userId;
  if (input.kind === "queue" && !own) throw new AppError("FORBIDDEN");
  const ids = await repo.userGameIds(ctx.deps.db, { ...input, now: ctx.deps.clock.now(), includePrivate: own });
  return { objects: await gameListItems(ctx, ids.slice(0, input.limit)), hasNext: ids.length > input.limit };
}

/**
 * A user's games between `from` and `to` (none: all future) for their own calendar (issue 29): organised, played,
 * waited for; cancelled games stay in with their cancellation (domains/calendar-feed). Only ever for the user
 * themself, so private games are in too.
 */
export function calendarGamesOf(db: DbOrTx, userId: number, window: { from: Date; to: Date | null }): Promise<repo.CalendarGameRow[]> {
  return repo.calendarGamesOf(db, userId, window);
}
