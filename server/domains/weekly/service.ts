import type { z } from "zod";
import { canManageGame } from "@shared/rules/game-permissions";
import { confirmableWeek, weeklyState } from "@shared/rules/weekly-session";
import type { TGameTemplate, ZUpdateGameTemplateInput } from "@shared/schemas/weekly";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import type { Tx } from "../../db/client";
import { requireCourt } from "../courts/service";
import { checkFieldPermissions, checkPrice } from "../games/checks";
import { gameAccess, sameKey, shareKeyOf } from "../games/visibility";
import { actorOrNull, findUser, requireActor, type Actor } from "../users/service";
import { editableFieldsOf, templateChangesOf } from "./fields";
import { scheduleConfirmationReminder } from "./reminder";
import * as repo from "./repo";
import type { TemplateRow } from "./repo";
import { editFutureGamesOfSession } from "./session-games";

/**
 * Weekly sessions (spec 000 sections 2, 4, 6, 7; server/domains/weekly/README.md "Weekly sessions"): the organiser's
 * templates, where each stands, and the answers to "does next week take place?". "Takes place" is
 * createGame with the template (session-games.ts); "does not take place" is updateGameTemplate with the
 * next week's start as latestStartTime. Only the template's creator (and admins) manage it; only they
 * may move its court (spec 000 section 6).
 */

const canManage = (actor: Actor | null, t: TemplateRow) => canManageGame(actor, { creatorId: t.creatorId, organizationId: null });

async function present(ctx: Pick<Ctx, "deps">, t: TemplateRow, actor: Actor | null): Promise<TGameTemplate> {
  const now = ctx.deps.clock.now();
  const [refs, upcoming] = await Promise.all([repo.templateRefs(ctx.deps.db, t), repo.upcomingGameOf(ctx.deps.db, t.id, now)]);
  const latestGame = upcoming ?? (await repo.latestStartedGameOf(ctx.deps.db, t.id, now));
  const manages = canManage(actor, t);
  return {
    id: t.id,
    latestStartTime: t.latestStartTime,
    deactivatedAt: t.deactivatedAt,
    isActive: t.deactivatedAt === null,
    ...refs,
    ...editableFieldsOf(t),
    regularsHeadStart: t.regularsHeadStart,
    organiserPlayerCount: t.organiserPlayerCount,
    playsHimself: t.playsHimself,
    state: { opensAt: null, gameId: null, ...weeklyState(t, now, upcoming?.id ?? null) },
    latestGameId: latestGame?.id ?? null,
    // a private session's link needs its key; only its managers are given it
    shareKey: manages && t.gameType === "PRIVATE" ? t.shareKey : null,
    viewer: { canManage: manages, canEditCourt: manages },
  };
}

async function requireManaged(ctx: Ctx, id: number): Promise<{ actor: Actor; template: TemplateRow }> {
  const actor = await requireActor(ctx);
  const template = await repo.findTemplate(ctx.deps.db, id);
  // somebody else's session is not found rather than forbidden: its existence is nobody else's business
  if (!template || !canManage(actor, template)) throw new AppError("WEEKLY_SESSION_NOT_FOUND");
  return { actor, template };
}

/** myGameTemplates: the signed-in user's weekly sessions, active first. */
export async function myGameTemplates(ctx: Ctx): Promise<TGameTemplate[]> {
  const actor = await requireActor(ctx);
  const rows = await repo.templatesOf(ctx.deps.db, actor.id);
  return Promise.all(rows.map((t) => present(ctx, t, actor)));
}

/** Whether the burger menu shows the weekly sessions entry (spec 000 section 2: only with templates). */
export async function hasGameTemplates(ctx: Ctx): Promise<boolean> {
  const actor = await actorOrNull(ctx);
  return actor !== null && repo.hasTemplates(ctx.deps.db, actor.id);
}

/** gameTemplate (id): for whoever manages it. */
export async function gameTemplate(ctx: Ctx, id: number): Promise<TGameTemplate> {
  const { actor, template } = await requireManaged(ctx, id);
  return present(ctx, template, actor);
}

/**
 * /weekly-sessions/{id}/latest, the share link: the session's next game, else its latest. A public
 * session's link is for anybody. A private session's link carries the template's share key
 * (/weekly-sessions/{id}/latest?key=…, README.md here): with it, or for a viewer who manages the session
 * or may see its game anyway (games/visibility.ts), the answer is the game's id and, for a private game,
 * the game's own key, so the client opens /game/{id}?key=… and the browser keeps that game's key.
 * Anybody else gets WEEKLY_SESSION_NOT_FOUND, exactly as for a session that does not exist.
 */
export async function latestGameOf(ctx: Ctx, id: number, key?: string | null): Promise<{ gameId: number | null; shareKey: string | null }> {
  const template = await repo.findTemplate(ctx.deps.db, id);
  if (!template) throw new AppError("WEEKLY_SESSION_NOT_FOUND");
  const now = ctx.deps.clock.now();
  const game = (await repo.upcomingGameOf(ctx.deps.db, id, now)) ?? (await repo.latestStartedGameOf(ctx.deps.db, id, now));
  if (template.gameType !== "PRIVATE") return { gameId: game?.id ?? null, shareKey: null };
  if (!sameKey(key ?? null, template.shareKey)) {
    const actor = await actorOrNull(ctx);
    const seesGame = game !== null && (await gameAccess(ctx.deps.db, game, actor, shareKeyOf(ctx, game.id))).visible;
    if (!canManage(actor, template) && !seesGame) throw new AppError("WEEKLY_SESSION_NOT_FOUND");
  }
  return { gameId: game?.id ?? null, shareKey: game?.gameType === "PRIVATE" ? game.shareKey : null };
}

/**
 * updateGameTemplate (id; isActive, latestStartTime, court; regularsHeadStart; the details): activate or
 * deactivate; "does not take place" (latestStartTime = the next week's start, in the confirmation window,
 * with no game of that week); move the session to another court; the regulars' head start on or off; the
 * edit-details form's fields. Court and details reach the session's future games too (session-games.ts).
 */
export async function updateGameTemplate(ctx: Ctx, input: z.output<typeof ZUpdateGameTemplateInput>): Promise<TGameTemplate> {
  const { actor, template } = await requireManaged(ctx, input.id);
  const court = input.courtId !== undefined ? await requireCourt(ctx, input.courtId) : null;
  const details = templateChangesOf(input);
  // Looked up before the transaction: on PGlite's one connection a query outside it would wait forever.
  const creatorChargesEnabled = details.isManagedPayment ? ((await findUser(ctx.deps.db, template.creatorId))?.paymentChargesEnabled ?? false) : false;
  const now = ctx.deps.clock.now();
  const updated = await ctx.deps.db.transaction(async (tx) => {
    const t = (await repo.lockTemplate(tx, template.id))!;
    const changes: repo.TemplateChanges = { ...details, updatedAt: now };
    checkTemplateDetails(actor, t, { ...details, organiserPlayerCount: input.organiserPlayerCount }, creatorChargesEnabled);
    if (input.organiserPlayerCount !== undefined) changes.organiserPlayerCount = input.organiserPlayerCount;
    if (input.isActive !== undefined) changes.deactivatedAt = input.isActive ? null : (t.deactivatedAt ?? now);
    if (input.regularsHeadStart !== undefined) changes.regularsHeadStart = input.regularsHeadStart;
    if (court) {
      changes.courtId = court.id;
      if (court.regionId !== null) changes.regionId = court.regionId;
    }
    if (input.latestStartTime !== undefined && input.latestStartTime.getTime() !== t.latestStartTime.getTime()) {
      // skipping a week needs an active session in its window, like "takes place"
      const week = confirmableWeek({ ...t, deactivatedAt: changes.deactivatedAt !== undefined ? changes.deactivatedAt : t.deactivatedAt }, now, (await repo.upcomingGameOf(tx, t.id, now))?.id ?? null);
      if ("problem" in week) throw new AppError(week.problem);
      if (input.latestStartTime.getTime() !== week.nextStart.getTime()) {
        throw new AppError("WEEKLY_START_NOT_NEXT", { fields: [{ path: "latestStartTime", code: "start_time_not_next_week" }], details: { nextStart: week.nextStart.toISOString() } });
      }
      changes.latestStartTime = week.nextStart;
    }
    const row = await repo.updateTemplate(tx, t.id, changes);
    // a skipped week or a reactivated session: the organiser hears when the next confirmation opens
    if (row.latestStartTime.getTime() !== t.latestStartTime.getTime() || (t.deactivatedAt !== null && row.deactivatedAt === null)) {
      await scheduleConfirmationReminder(ctx.deps, tx, row);
    }
    return row;
  });
  const { id: _id, isActive: _a, latestStartTime: _l, regularsHeadStart: _r, organiserPlayerCount: _o, ...edit } = input;
  if (Object.keys(details).length > 0 || court) await editFutureGamesOfSession(ctx, template.id, edit, now, null);
  ctx.deps.logger.info("weekly session updated", { templateId: template.id, actorId: actor.id });
  return present(ctx, updated, actor);
}

/**
 * A detail edit of a session is checked as an edit of a game would be (spec 000 sections 5, 6): who may
 * set which field, the price, minimum below maximum, the organiser's own place (0 only when not playing,
 * never above the maximum). The game type: admins switch a public session between public and the
 * product's own type; a private session stays private and nothing makes a public one private.
 */
function checkTemplateDetails(actor: Actor, t: repo.TemplateRow, d: ReturnType<typeof templateChangesOf> & { organiserPlayerCount?: number | undefined }, chargesEnabled: boolean) {
  if (d.gameType !== undefined && d.gameType !== t.gameType && (d.gameType === "PRIVATE" || t.gameType === "PRIVATE")) throw new AppError("GAME_TYPE_NOT_ALLOWED");
  checkFieldPermissions(actor, d, { ...t, isOrganizationGame: t.organizationId !== null }, { paymentChargesEnabled: chargesEnabled });
  const after = { ...t, ...d };
  if (d.priceCents !== undefined || d.isManagedPayment !== undefined) checkPrice(after.priceCents, after.isManagedPayment);
  if (after.maxPlayers !== null && after.maxPlayers < after.minPlayers) throw new AppError("MAX_PLAYERS_BELOW_MIN");
  if (after.maxPlayers !== null && after.organiserPlayerCount > after.maxPlayers) throw new AppError("PLAYER_COUNT_ABOVE_MAX");
  if (after.playsHimself && after.organiserPlayerCount < 1) throw new AppError("VALIDATION", { fields: [{ path: "organiserPlayerCount", code: "player_count_plays_himself" }] });
}

/** An account deleted: its sessions stop (no more confirmations or reminders); their games are handled by the deletion. */
export async function deactivateTemplatesOf(tx: Tx, creatorId: number, now: Date): Promise<void> {
  await repo.deactivateTemplatesOf(tx, creatorId, now);
}

/** deleteGameTemplate (id): the session ends; its games stay as they are (single games from now on). */
export async function deleteGameTemplate(ctx: Ctx, id: number): Promise<{ id: number }> {
  const { template } = await requireManaged(ctx, id);
  await ctx.deps.db.transaction((tx) => repo.deleteTemplate(tx, template.id));
  return { id: template.id };
}
