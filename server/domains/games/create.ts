import type { z } from "zod";
import { GAME_CREATION_THROTTLE_SECONDS, GAME_DEFAULTS, PUBLIC_GAMES_PER_HOUR, PUBLIC_GAMES_PER_WEEK, SAME_COURT_WINDOW_MINUTES } from "@shared/constants";
import { canOrganiseWithoutPlaying } from "@shared/rules/game-permissions";
import { gameEndTime } from "@shared/rules/game-windows";
import type { ZCreateGameInput } from "@shared/schemas/games";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { requireCourt } from "../courts/service";
import { followGame } from "../notifications/game-subscriptions";
import { enterNewGame } from "../participation/service";
import { findUser, lockUser, requireActor, requireActorById, type Actor } from "../users/service";
import { checkFieldPermissions, checkPrice, checkStartTime } from "./checks";
import { insertGame, lockCourtSchedule, lockGame, recordGameEvent } from "./core";
import { scheduleMinPlayersJobs } from "./lifecycle";
import * as repo from "./repo";
import { sessionsOf } from "./sessions";

/* Creating a game: permissions, the organiser's throttle and limits, the court's hour, the first participation. */

const HOUR_MS = 60 * 60 * 1000;
const isPublicType = (t: string) => t !== "PRIVATE";

function regionFor(courtRegionId: number | null, actor: Actor): number {
  const regionId = courtRegionId ?? actor.regionId;
  if (regionId === null) throw new AppError("REGION_NOT_FOUND", { fields: [{ path: "courtId", code: "court_required" }] });
  return regionId;
}

type CreateInput = z.output<typeof ZCreateGameInput>;

export async function createGame(ctx: Ctx, input: CreateInput): Promise<{ id: number }> {
  const actor = await requireActor(ctx);
  if (!input.gameTemplateId) return createGameAs(ctx, actor, input);
  // "Takes place" (spec 000 section 4): the weekly session makes next week's game from its template (every
  // field; the weekly sessions' session-games.ts). The game is the session creator's, whoever confirms (an admin may).
  const week = await sessionsOf(ctx.deps).weekGame(ctx, actor, input);
  const organiser = week.organiserId === actor.id ? actor : await requireActorById(ctx, week.organiserId);
  return createGameAs(ctx, organiser, week.input);
}

/**
 * Makes the game: checks, the organiser's throttle and limits, the court's hour, the first participation, the
 * CREATED event. A week of a session comes here with its template's `gameTemplateId` (only through weekGame,
 * never typed in); the session's own part (its latest week, the regulars' head start) is its CREATED reaction.
 */
async function createGameAs(ctx: Ctx, actor: Actor, input: CreateInput): Promise<{ id: number }> {
  const sessionWeek = input.gameTemplateId != null;
  const now = ctx.deps.clock.now();
  if (!actor.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
  // The creator is the organiser: managed payment pays out to their connected account (read only when asked for).
  const paymentChargesEnabled = input.isManagedPayment ? ((await findUser(ctx.deps.db, actor.id))?.paymentChargesEnabled ?? false) : false;
  checkFieldPermissions(actor, input, undefined, { paymentChargesEnabled });
  if (!input.playsHimself && !canOrganiseWithoutPlaying(actor)) throw new AppError("PLAYS_HIMSELF_NOT_ALLOWED");
  checkPrice(input.priceCents, input.isManagedPayment);
  checkStartTime(input.startTime, now, input.isManagedPayment);
  if (input.maxPlayers !== null && input.maxPlayers < input.minPlayers) throw new AppError("MAX_PLAYERS_BELOW_MIN");
  if (input.maxPlayers !== null && (input.playerCount ?? GAME_DEFAULTS.playerCount) > input.maxPlayers) throw new AppError("PLAYER_COUNT_ABOVE_MAX");
  // A public game needs a court: to be created, edited to public or published (spec 000 sections 4, 5).
  if (isPublicType(input.gameType) && input.courtId === null)
    throw new AppError("GAME_WITHOUT_COURT", { fields: [{ path: "courtId", code: "court_required" }] });
  const court = input.courtId !== null ? await requireCourt(ctx, input.courtId) : null;
  const regionId = regionFor(court?.regionId ?? null, actor);
  const endTime = gameEndTime(input.startTime, input.durationMinutes);

  const id = await ctx.deps.db.transaction(async (tx) => {
    // One organiser's creations are serialised by locking their row, so the limits hold under
    // concurrent requests too; one court's schedule by its advisory lock (two organisers, one court).
    await lockUser(tx, actor.id);
    if (court) await lockCourtSchedule(tx, court.id);
    const counts = await repo.creationCounts(tx, actor.id, {
      throttle: new Date(now.getTime() - GAME_CREATION_THROTTLE_SECONDS * 1000),
      hour: new Date(now.getTime() - HOUR_MS),
      week: new Date(now.getTime() - 7 * 24 * HOUR_MS),
    });
    // A weekly session's next week is one answer to one question, not a new game typed in: the
    // throttle and the public-game limits count what organisers create by hand (server/domains/weekly/README.md "Weekly sessions").
    if (!sessionWeek && counts.recent > 0) throw new AppError("GAME_CREATION_THROTTLED");
    if (!sessionWeek && isPublicType(input.gameType) && !actor.isAdmin) {
      if (counts.publicHour >= PUBLIC_GAMES_PER_HOUR) throw new AppError("PUBLIC_GAME_WITHIN_HOUR");
      if (counts.publicWeek >= PUBLIC_GAMES_PER_WEEK) throw new AppError("TOO_MANY_PUBLIC_GAMES_WEEK");
    }
    if (court && (await repo.courtHasGameNear(tx, court.id, input.startTime, SAME_COURT_WINDOW_MINUTES)))
      throw new AppError("SAME_COURT_WITHIN_HOUR");

    const playerCount = input.playerCount ?? GAME_DEFAULTS.playerCount;
    const game = {
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
      highestParticipantsAmountReached: playerCount,
      createdAt: now,
      updatedAt: now,
    };
    const gameId = await insertGame(tx, { ...game, gameTemplateId: input.gameTemplateId ?? null });
    if (playerCount > 0) {
      await enterNewGame(tx, await lockGame(tx, gameId), {
        userId: actor.id,
        playerCount,
        playsHimself: input.playsHimself,
        bringsBall: input.bringsBall,
        bringsBibs: input.bringsBibs,
        now,
      });
    }
    await recordGameEvent(ctx.deps, tx, { gameId, type: "CREATED", actorId: actor.id, payload: { playerCount, ...(input.isRecurringGame ? { startsSession: { playsHimself: input.playsHimself } } : {}) }, createdAt: now });
    // The organiser's device follows the new game (its players' news reach them there), as a join does.
    if (input.deviceToken) {
      await followGame(tx, { gameId, deviceToken: input.deviceToken, userAgent: input.userAgent ?? ctx.meta.userAgent, userId: actor.id, createdAt: now });
    }
    await scheduleMinPlayersJobs(ctx.deps, tx, { id: gameId, startTime: input.startTime });
    return gameId;
  });
  ctx.deps.logger.info("game created", { gameId: id, creatorId: actor.id });
  return { id };
}
