import { sql } from "drizzle-orm";
import type { z } from "zod";
import {
  GAME_CREATION_THROTTLE_SECONDS,
  PUBLIC_GAMES_PER_HOUR,
  PUBLIC_GAMES_PER_WEEK,
  SAME_COURT_WINDOW_MINUTES,
} from "@shared/constants";
import { priceProblem } from "@shared/rules/game-form";
import {
  canManageGame,
  canMarkOrganizationGame,
  canOrganiseWithoutPlaying,
  canPublishOwnType,
  canSetPrice,
  canSetTitle,
  canUseInstantCapture,
  type GameActor,
} from "@shared/rules/game-permissions";
import { canCancelGame, canEditGame, gameEndTime, startTimeProblem } from "@shared/rules/game-windows";
import type {
  TGame,
  TGameFeed,
  TGameListItem,
  ZCancelGameInput,
  ZCreateGameInput,
  ZGameFeedInput,
  ZSearchGamesInput,
  ZUpdateGameInput,
} from "@shared/schemas/games";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { requireCourt } from "../courts/service";
import { regionBySlug } from "../regions/service";
import { actorOrNull, requireActor, type Actor } from "../users/service";
import * as repo from "./repo";
import { promoteWaitingList } from "../participation/service";
import { scheduleMinPlayersJobs } from "./jobs";

const HOUR_MS = 60 * 60 * 1000;
const isPublicType = (t: string) => t !== "PRIVATE";

/* ---------- reading ---------- */

export async function feed(ctx: Ctx, input: z.output<typeof ZGameFeedInput>): Promise<TGameFeed> {
  const region = await regionBySlug(ctx, input.regionSlug);
  const games = await repo.feed(ctx.deps.db, {
    regionId: region.id,
    now: ctx.deps.clock.now(),
    courtId: input.courtId ?? null,
    filter: input.filter,
    userId: ctx.viewer?.userId ?? null,
  });
  return { region: { id: region.id, slug: region.slug, name: region.name }, games };
}

export function searchGames(ctx: Ctx, input: z.output<typeof ZSearchGamesInput>): Promise<TGameListItem[]> {
  return repo.searchNear(ctx.deps.db, {
    latitude: input.latitude,
    longitude: input.longitude,
    distanceKm: input.distance,
    from: input.startTime ?? ctx.deps.clock.now(),
  });
}

export async function gameById(ctx: Ctx, gameId: number): Promise<TGame> {
  const page = await repo.loadGamePage(ctx.deps.db, gameId);
  if (!page) throw new AppError("GAME_NOT_FOUND");
  const actor = await actorOrNull(ctx);
  const { game } = page;
  const canManage = canManageGame(actor, game);
  // Reliability scores are visible to the creator, an admin or the player themself (spec 000 section 6).
  const canSeeAllReliability = canManage;
  const current = page.participations.filter((p) => p.cancelledAt === null);
  const own = actor ? (current.find((p) => p.userId === actor.id) ?? null) : null;
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
    receivedOrganizerReliabilityFeedback: game.receivedOrganizerReliabilityFeedback,
    creator: page.creator,
    organization: page.organization,
    court: page.court,
    region: page.region,
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
      playerCount: p.playerCount,
      playsHimself: p.playsHimself,
      bringsBall: p.bringsBall,
      bringsBibs: p.bringsBibs,
      queue: p.queue,
      createdAt: p.createdAt,
      organizerReliabilityFeedback: canManage ? p.organizerReliabilityFeedback : null,
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
          }))
      : [],
    viewer: {
      canManage,
      canSeeReliability: canSeeAllReliability,
      isAdmin: actor?.isAdmin ?? false,
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
          }
        : null,
    },
  };
}

/* ---------- permissions shared by create and update ---------- */

type PermissionFields = {
  title?: string | null;
  priceCents?: number;
  gameType?: "PUBLIC" | "PRIVATE" | "KICKRUNDE";
  instantCapture?: boolean;
  isOrganizationGame?: boolean;
  isManagedPayment?: boolean;
};

function checkFieldPermissions(actor: GameActor, f: PermissionFields, before?: PermissionFields) {
  const changed = <K extends keyof PermissionFields>(k: K) => f[k] !== undefined && (!before || f[k] !== before[k]);
  if (changed("title") && f.title && !canSetTitle(actor)) throw new AppError("TITLE_NOT_ALLOWED");
  if (changed("priceCents") && (f.priceCents ?? 0) > 0 && !canSetPrice(actor)) throw new AppError("PRICE_NOT_ALLOWED");
  if (changed("isManagedPayment") && f.isManagedPayment && !canSetPrice(actor)) throw new AppError("PRICE_NOT_ALLOWED");
  if (changed("gameType") && f.gameType === "KICKRUNDE" && !canPublishOwnType(actor)) throw new AppError("GAME_TYPE_NOT_ALLOWED");
  if (changed("instantCapture") && f.instantCapture && !canUseInstantCapture(actor)) throw new AppError("INSTANT_CAPTURE_NOT_ALLOWED");
  if (changed("isOrganizationGame") && f.isOrganizationGame && !canMarkOrganizationGame(actor))
    throw new AppError("ORGANIZATION_GAME_NOT_ALLOWED");
}

function checkPrice(priceCents: number, isManagedPayment: boolean) {
  const problem = priceProblem(priceCents, isManagedPayment);
  if (problem === "MANAGED_PRICE_TOO_LOW") throw new AppError("MANAGED_PRICE_TOO_LOW");
  if (problem) throw new AppError("VALIDATION", { fields: [{ path: "priceCents", code: problem }] });
}

function checkStartTime(start: Date, now: Date, isManagedPayment: boolean) {
  const problem = startTimeProblem(start, now, { isManagedPayment });
  if (problem) throw new AppError(problem);
}

async function regionFor(ctx: Ctx, courtRegionId: number | null, actor: Actor): Promise<number> {
  const regionId = courtRegionId ?? actor.regionId;
  if (regionId === null) throw new AppError("REGION_NOT_FOUND", { fields: [{ path: "courtId", code: "court_required" }] });
  return regionId;
}

/* ---------- create ---------- */

export async function createGame(ctx: Ctx, input: z.output<typeof ZCreateGameInput>): Promise<{ id: number }> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  if (!actor.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
  checkFieldPermissions(actor, input);
  if (!input.playsHimself && !canOrganiseWithoutPlaying(actor)) throw new AppError("PLAYS_HIMSELF_NOT_ALLOWED");
  checkPrice(input.priceCents, input.isManagedPayment);
  checkStartTime(input.startTime, now, input.isManagedPayment);
  if (input.maxPlayers !== null && input.maxPlayers < input.minPlayers) throw new AppError("MAX_PLAYERS_BELOW_MIN");
  if (input.maxPlayers !== null && input.playerCount > input.maxPlayers) throw new AppError("PLAYER_COUNT_ABOVE_MAX");
  const court = input.courtId !== null ? await requireCourt(ctx, input.courtId) : null;
  const regionId = await regionFor(ctx, court?.regionId ?? null, actor);
  const endTime = gameEndTime(input.startTime, input.durationMinutes);

  const id = await ctx.deps.db.transaction(async (tx) => {
    // One organiser's creations are serialised by locking their row, so the limits hold under
    // concurrent requests too.
    await lockUser(tx, actor.id);
    const counts = await repo.creationCounts(tx, actor.id, {
      throttle: new Date(now.getTime() - GAME_CREATION_THROTTLE_SECONDS * 1000),
      hour: new Date(now.getTime() - HOUR_MS),
      week: new Date(now.getTime() - 7 * 24 * HOUR_MS),
    });
    if (counts.recent > 0) throw new AppError("GAME_CREATION_THROTTLED");
    if (isPublicType(input.gameType) && !actor.isAdmin) {
      if (counts.publicHour >= PUBLIC_GAMES_PER_HOUR) throw new AppError("PUBLIC_GAME_WITHIN_HOUR");
      if (counts.publicWeek >= PUBLIC_GAMES_PER_WEEK) throw new AppError("TOO_MANY_PUBLIC_GAMES_WEEK");
    }
    if (court && (await repo.courtHasGameNear(tx, court.id, input.startTime, SAME_COURT_WINDOW_MINUTES)))
      throw new AppError("SAME_COURT_WITHIN_HOUR");
    if (input.playerCount > 0 && (await repo.userBusyBetween(tx, actor.id, input.startTime, endTime)))
      throw new AppError("ALREADY_IN_GAME_AT_TIME");

    const gameId = await repo.insertGame(tx, {
      creatorId: actor.id,
      organizationId: input.isOrganizationGame ? actor.organizationId : null,
      regionId,
      courtId: court?.id ?? null,
      title: input.title || null,
      description: input.description,
      descriptionEn: input.descriptionEn || null,
      gameType: input.gameType,
      gameMode: input.gameMode,
      level: input.level,
      gender: input.gender,
      priceCents: input.priceCents,
      startTime: input.startTime,
      durationMinutes: input.durationMinutes,
      endTime,
      minPlayers: input.minPlayers,
      maxPlayers: input.maxPlayers,
      teams: input.teams,
      isManagedPayment: input.isManagedPayment,
      instantCapture: input.instantCapture,
      externalPaymentRequestsAllowed: input.externalPaymentRequestsAllowed,
      highestParticipantsAmountReached: input.playerCount,
      createdAt: now,
      updatedAt: now,
    });
    if (input.playerCount > 0) {
      await repo.insertParticipation(tx, {
        gameId,
        userId: actor.id,
        playerCount: input.playerCount,
        playsHimself: input.playsHimself,
        bringsBall: input.bringsBall,
        bringsBibs: input.bringsBibs,
        createdAt: now,
      });
    }
    await repo.insertEvent(tx, { gameId, type: "CREATED", actorId: actor.id, createdAt: now });
    await scheduleMinPlayersJobs(ctx.deps, tx, { id: gameId, startTime: input.startTime });
    return gameId;
  });
  ctx.deps.logger.info("game created", { gameId: id, creatorId: actor.id });
  return { id };
}

async function lockUser(tx: Tx, userId: number) {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
}

/* ---------- manage ---------- */

/** Loads and locks a game the actor may manage; the shared guard of every change. */
async function lockManagedGame(ctx: Ctx, tx: Tx, actor: Actor, gameId: number) {
  const game = await repo.findGameRow(tx, gameId, true);
  if (!game) throw new AppError("GAME_NOT_FOUND");
  if (!canManageGame(actor, game)) throw new AppError("GAME_EDIT_FORBIDDEN");
  if (game.cancelledAt) throw new AppError("GAME_ALREADY_CANCELLED");
  return game;
}

export async function updateGame(ctx: Ctx, input: z.output<typeof ZUpdateGameInput>): Promise<TGame> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  // Looked up before the transaction: on PGlite's one connection a query outside it would wait forever.
  const newCourt = input.courtId ? await requireCourt(ctx, input.courtId) : null;
  await ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(ctx, tx, actor, input.gameId);
    if (!canEditGame(game.startTime, now)) throw new AppError("GAME_EDIT_TOO_LATE");

    // PRIVATE -> PUBLIC goes through makePublic (once, needs a court); nothing turns a public game private.
    if (input.gameType !== undefined && input.gameType !== game.gameType) {
      if (input.gameType === "PRIVATE" || game.gameType === "PRIVATE") throw new AppError("GAME_TYPE_NOT_ALLOWED");
    }
    checkFieldPermissions(
      actor,
      { ...input, isOrganizationGame: input.isOrganizationGame },
      { ...game, isOrganizationGame: game.organizationId !== null },
    );

    const next = {
      startTime: input.startTime ?? game.startTime,
      durationMinutes: input.durationMinutes ?? game.durationMinutes,
      priceCents: input.priceCents ?? game.priceCents,
      isManagedPayment: input.isManagedPayment ?? game.isManagedPayment,
      minPlayers: input.minPlayers ?? game.minPlayers,
      maxPlayers: input.removeMaxPlayers ? null : input.maxPlayers !== undefined ? input.maxPlayers : game.maxPlayers,
      courtId: input.courtId !== undefined ? input.courtId : game.courtId,
    };
    if (next.priceCents !== game.priceCents || next.isManagedPayment !== game.isManagedPayment) checkPrice(next.priceCents, next.isManagedPayment);
    if (next.priceCents > game.priceCents && (await repo.hasOtherParticipants(tx, game.id, game.creatorId)))
      throw new AppError("PRICE_RAISE_NOT_ALLOWED");
    if (next.startTime.getTime() !== game.startTime.getTime() || next.isManagedPayment !== game.isManagedPayment)
      checkStartTime(next.startTime, now, next.isManagedPayment);
    if (next.maxPlayers !== null) {
      if (next.maxPlayers < (await repo.participantsAmount(tx, game.id))) throw new AppError("MAX_PLAYERS_BELOW_ATTENDEES");
      if (next.maxPlayers < next.minPlayers) throw new AppError("MAX_PLAYERS_BELOW_MIN");
    }
    let regionId = game.regionId;
    if (next.courtId !== game.courtId) {
      if (next.courtId === null && game.gameType !== "PRIVATE") throw new AppError("GAME_WITHOUT_COURT");
      if (newCourt) regionId = newCourt.regionId ?? regionId;
    }
    const moved = next.startTime.getTime() !== game.startTime.getTime();
    if (next.courtId !== null && (moved || next.courtId !== game.courtId)) {
      if (await repo.courtHasGameNear(tx, next.courtId, next.startTime, SAME_COURT_WINDOW_MINUTES, game.id))
        throw new AppError("SAME_COURT_WITHIN_HOUR");
    }
    const endTime = gameEndTime(next.startTime, next.durationMinutes);

    const changes = {
      title: input.title !== undefined ? input.title || null : game.title,
      description: input.description ?? game.description,
      descriptionEn: input.descriptionEn !== undefined ? input.descriptionEn || null : game.descriptionEn,
      gameType: input.gameType ?? game.gameType,
      gameMode: input.gameMode ?? game.gameMode,
      level: input.level ?? game.level,
      gender: input.gender ?? game.gender,
      teams: input.teams ?? game.teams,
      instantCapture: input.instantCapture ?? game.instantCapture,
      externalPaymentRequestsAllowed: input.externalPaymentRequestsAllowed ?? game.externalPaymentRequestsAllowed,
      organizationId:
        input.isOrganizationGame === undefined ? game.organizationId : input.isOrganizationGame ? actor.organizationId : null,
      ...next,
      endTime,
      regionId,
      updatedAt: now,
    };
    const changedFields = Object.keys(changes).filter((k) => {
      const a = (changes as Record<string, unknown>)[k];
      const b = (game as Record<string, unknown>)[k];
      return k !== "updatedAt" && (a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b);
    });
    await repo.updateGame(tx, game.id, changes);
    if (changedFields.length) {
      await repo.insertEvent(tx, { gameId: game.id, type: "CHANGED", actorId: actor.id, payload: { fields: changedFields }, createdAt: now });
    }
    if (moved) await scheduleMinPlayersJobs(ctx.deps, tx, { id: game.id, startTime: next.startTime });
    // A raised or removed maximum frees spots: the waiting list moves up at once.
    if (next.maxPlayers === null ? game.maxPlayers !== null : game.maxPlayers !== null && next.maxPlayers > game.maxPlayers) {
      await promoteWaitingList(ctx, tx, { ...game, ...changes });
    }
  });
  return gameById(ctx, input.gameId);
}

export async function cancelGame(ctx: Ctx, input: z.output<typeof ZCancelGameInput>): Promise<TGame> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(ctx, tx, actor, input.gameId);
    const window = canCancelGame(game.startTime, now);
    if (window === "started") throw new AppError("GAME_ALREADY_STARTED");
    if (window === "shortNotice") throw new AppError("SHORT_NOTICE_CANCELLATION");
    await repo.updateGame(tx, game.id, {
      cancelledAt: now,
      cancelledById: actor.id,
      cancellationReason: input.reason,
      cancellationMessage: input.message || null,
      updatedAt: now,
    });
    await repo.insertEvent(tx, {
      gameId: game.id,
      type: "CANCELLED",
      actorId: actor.id,
      payload: { reason: input.reason, message: input.message || null },
      createdAt: now,
    });
  });
  return gameById(ctx, input.gameId);
}

export async function makeGamePublic(ctx: Ctx, gameId: number): Promise<TGame> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(ctx, tx, actor, gameId);
    if (game.gameType !== "PRIVATE") throw new AppError("GAME_ALREADY_PUBLIC");
    if (game.courtId === null) throw new AppError("GAME_WITHOUT_COURT");
    if (now >= game.startTime) throw new AppError("GAME_ALREADY_STARTED");
    await repo.updateGame(tx, game.id, { gameType: "PUBLIC", updatedAt: now });
    await repo.insertEvent(tx, { gameId: game.id, type: "MADE_PUBLIC", actorId: actor.id, createdAt: now });
  });
  return gameById(ctx, gameId);
}

/** "Takes place" below the minimum: minPlayers becomes 0, so the automatic cancellation skips it. */
export async function confirmTakesPlace(ctx: Ctx, gameId: number): Promise<TGame> {
  const actor = await requireActor(ctx);
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const game = await lockManagedGame(ctx, tx, actor, gameId);
    if (now >= game.startTime) throw new AppError("GAME_ALREADY_STARTED");
    await repo.updateGame(tx, game.id, { minPlayers: 0, minPlayersConfirmedAt: now, updatedAt: now });
    await repo.insertEvent(tx, { gameId: game.id, type: "CONFIRMED", actorId: actor.id, payload: { minPlayers: game.minPlayers }, createdAt: now });
  });
  return gameById(ctx, gameId);
}

/** For other domains: the game row, or GAME_NOT_FOUND (no locks, no page loading). */
export async function requireGame(ctx: Ctx, gameId: number): Promise<repo.GameRow> {
  const game = await repo.findGameRow(ctx.deps.db, gameId);
  if (!game) throw new AppError("GAME_NOT_FOUND");
  return game;
}

/* ---------- for the participation domain (inside its transactions) ---------- */

export type LockedGame = repo.GameRow;

/** The game row, locked until the transaction ends: joins and removals on one game run one at a time. */
export async function lockGame(tx: Tx, gameId: number): Promise<LockedGame> {
  const game = await repo.findGameRow(tx, gameId, true);
  if (!game) throw new AppError("GAME_NOT_FOUND");
  return game;
}

export function isUserBusy(tx: Tx, userId: number, game: LockedGame): Promise<boolean> {
  return repo.userBusyBetween(tx, userId, game.startTime, game.endTime, game.id);
}

export async function recordGameEvent(tx: Tx, event: Parameters<typeof repo.insertEvent>[1]) {
  await repo.insertEvent(tx, event);
}

export async function noteParticipantsAmount(tx: Tx, game: LockedGame, amount: number) {
  if (amount > game.highestParticipantsAmountReached) await repo.updateGame(tx, game.id, { highestParticipantsAmountReached: amount });
}

export async function setFeedbackReceived(tx: Tx, gameId: number) {
  await repo.updateGame(tx, gameId, { receivedOrganizerReliabilityFeedback: true });
}

/** List items for the given games, in the given order (profiles' game lists). */
export async function gameListItems(ctx: Ctx, ids: number[]): Promise<TGameListItem[]> {
  if (ids.length === 0) return [];
  const rows = await repo.listByIds(ctx.deps.db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Account deletion: upcoming games the user organises are cancelled (UNABLE_TO_ATTEND). */
export async function cancelGamesOrganisedBy(ctx: Ctx, tx: Tx, userId: number, now: Date) {
  for (const game of await repo.upcomingGamesOf(tx, userId, now)) {
    await repo.updateGame(tx, game.id, { cancelledAt: now, cancelledById: userId, cancellationReason: "UNABLE_TO_ATTEND", updatedAt: now });
    await repo.insertEvent(tx, { gameId: game.id, type: "CANCELLED", actorId: userId, payload: { reason: "UNABLE_TO_ATTEND", accountDeleted: true }, createdAt: now });
  }
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
