import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { leadingSlot, PLANNER_MAX_OPEN_POLLS, pollEnded, pollEndProblem, slotsProblem } from "@shared/rules/planner";
import type { TPlanner, TPoll, ZCreatePlannerInput, ZPollAnswerInput, ZPlannerConvertInput } from "@shared/schemas/planner";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { requireCourt } from "../courts/service";
import { requireGame } from "../games/core";
import { actorOrNull, requireActor, type Actor } from "../users/service";
import * as repo from "./repo";
import type { AnswerRow, PlannerRow, SlotRow } from "./repo";

/**
 * The availability planner (spec 001 section 2.2 /planner, issue 26; README.md here): an organiser
 * proposes 1-3 weekly slots; anybody with the link answers yes or no per slot under a first name; after
 * the poll end (or closing early) the leading slot becomes a weekly session through the create-game form,
 * which reports the game it made (`convert`).
 */

const pollPath = (token: string) => `/poll/${token}`;

type Tally = { slot: SlotRow; yes: AnswerRow[]; no: AnswerRow[] };

function tally(slots: SlotRow[], answers: AnswerRow[]): { tallies: Tally[]; leader: number | null; voterCount: number } {
  const tallies = slots.map((slot) => ({
    slot,
    yes: answers.filter((a) => a.slotId === slot.id && a.available === 1),
    no: answers.filter((a) => a.slotId === slot.id && a.available === 0),
  }));
  const leader = leadingSlot(tallies.map((t) => ({ id: t.slot.id, position: t.slot.position, yes: t.yes.length, no: t.no.length })));
  return { tallies, leader, voterCount: new Set(answers.map((a) => a.voterKey)).size };
}

const slotBase = (t: Tally) => ({
  id: t.slot.id,
  weekday: t.slot.weekday,
  startTime: t.slot.startTime,
  durationMinutes: t.slot.durationMinutes,
  position: t.slot.position,
  yesCount: t.yes.length,
  noCount: t.no.length,
});

async function present(ctx: Pick<Ctx, "deps">, p: PlannerRow): Promise<TPlanner> {
  const [slots, answers, refs] = await Promise.all([repo.slotsOf(ctx.deps.db, p.id), repo.answersOf(ctx.deps.db, p.id), repo.refsOf(ctx.deps.db, p)]);
  const { tallies, leader, voterCount } = tally(slots, answers);
  return {
    id: p.id,
    title: p.title,
    region: refs.region,
    court: refs.court,
    interval: p.interval,
    pollEndsAt: p.pollEndsAt,
    shareChannel: p.shareChannel,
    publicToken: p.publicToken,
    pollPath: pollPath(p.publicToken),
    status: p.status,
    ended: pollEnded(p, ctx.deps.clock.now()),
    slots: tallies.map((t) => ({ ...slotBase(t), yesNames: t.yes.map((a) => a.firstName), noNames: t.no.map((a) => a.firstName) })),
    // once converted, the slot it became stands, whatever answers came later
    leadingSlotId: p.status === "CONVERTED" ? p.winningSlotId : leader,
    voterCount,
    gameTemplateId: p.gameTemplateId,
    createdAt: p.createdAt,
  };
}

const canManage = (actor: Actor, p: PlannerRow) => actor.isAdmin || actor.id === p.organizerId;

/** Only the organiser and admins see or change a planner; others are refused (the no-permission screen). */
async function requireManaged(ctx: Ctx, id: number): Promise<{ actor: Actor; planner: PlannerRow }> {
  const actor = await requireActor(ctx);
  const planner = await repo.findPlanner(ctx.deps.db, id);
  if (!planner) throw new AppError("PLANNER_NOT_FOUND");
  if (!canManage(actor, planner)) throw new AppError("FORBIDDEN");
  return { actor, planner };
}

/**
 * createAvailabilityPlanner: anyone who may create games (a confirmed e-mail) proposes slots; at most
 * 10 open polls each. Answers the planner with its poll page.
 */
export async function createPlanner(ctx: Ctx, input: z.output<typeof ZCreatePlannerInput>): Promise<TPlanner> {
  const actor = await requireActor(ctx);
  if (!actor.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
  const now = ctx.deps.clock.now();
  const endProblem = pollEndProblem(input.pollEndsAt, now);
  if (endProblem) throw new AppError("VALIDATION", { fields: [{ path: "pollEndsAt", code: `planner_${endProblem}` }] });
  const slotProblem = slotsProblem(input.slots);
  if (slotProblem) throw new AppError("VALIDATION", { fields: [{ path: "slots", code: `planner_${slotProblem}` }] });
  if (!(await repo.regionExists(ctx.deps.db, input.regionId))) throw new AppError("REGION_NOT_FOUND");
  const courtId = input.courtId ? (await requireCourt(ctx, input.courtId)).id : null;
  const row = await ctx.deps.db.transaction(async (tx) => {
    await repo.lockOrganizerPlanners(tx, actor.id);
    if ((await repo.countOpen(tx, actor.id, now)) >= PLANNER_MAX_OPEN_POLLS) throw new AppError("PLANNER_TOO_MANY_OPEN");
    return repo.insertPlanner(
      tx,
      {
        organizerId: actor.id,
        title: input.title,
        regionId: input.regionId,
        courtId,
        interval: input.interval,
        pollEndsAt: input.pollEndsAt,
        shareChannel: input.shareChannel,
        // 192 random bits: the link is the only key to the poll page
        publicToken: randomBytes(24).toString("base64url"),
        createdAt: now,
        updatedAt: now,
      },
      input.slots,
    );
  });
  return present(ctx, row);
}

/** myBots / planner.mine: the organiser's running polls and the ended ones not yet turned into a session. */
export async function myPlanners(ctx: Ctx): Promise<TPlanner[]> {
  const actor = await requireActor(ctx);
  const rows = await repo.unconvertedOf(ctx.deps.db, actor.id);
  return Promise.all(rows.map((p) => present(ctx, p)));
}

export async function planner(ctx: Ctx, id: number): Promise<TPlanner> {
  const { planner: p } = await requireManaged(ctx, id);
  return present(ctx, p);
}

/** Ends the poll before its end: answers are refused from now on, the leader is the winner. */
export async function closePlanner(ctx: Ctx, id: number): Promise<TPlanner> {
  await requireManaged(ctx, id);
  const now = ctx.deps.clock.now();
  const row = await ctx.deps.db.transaction(async (tx) => {
    const p = (await repo.lockPlanner(tx, id))!;
    if (pollEnded(p, now)) throw new AppError("PLANNER_POLL_ENDED");
    const { leader } = tally(await repo.slotsOf(tx, id), await repo.answersOf(tx, id));
    return repo.updatePlanner(tx, id, { status: "CLOSED", winningSlotId: leader, updatedAt: now });
  });
  return present(ctx, row);
}

/**
 * The create-game form made the weekly session (its first game `gameId`) from the planner's winner: the
 * planner becomes CONVERTED with that session, once. The game must be a weekly session's game created by
 * the planner's organiser (the form may have changed day or time: the organiser's word stands).
 */
export async function convertPlanner(ctx: Ctx, input: z.output<typeof ZPlannerConvertInput>): Promise<TPlanner> {
  await requireManaged(ctx, input.id);
  const now = ctx.deps.clock.now();
  const row = await ctx.deps.db.transaction(async (tx) => {
    const p = (await repo.lockPlanner(tx, input.id))!;
    if (p.status === "CONVERTED") throw new AppError("PLANNER_ALREADY_CONVERTED");
    if (!pollEnded(p, now)) throw new AppError("PLANNER_NOT_ENDED");
    const { leader } = tally(await repo.slotsOf(tx, p.id), await repo.answersOf(tx, p.id));
    const winner = p.status === "CLOSED" ? (p.winningSlotId ?? leader) : leader;
    if (winner === null) throw new AppError("PLANNER_NO_WINNER");
    const game = await requireGame(tx, input.gameId);
    if (game.creatorId !== p.organizerId || game.gameTemplateId === null) throw new AppError("PLANNER_GAME_NOT_SESSION");
    return repo.updatePlanner(tx, p.id, { status: "CONVERTED", winningSlotId: winner, gameTemplateId: game.gameTemplateId, updatedAt: now });
  });
  return present(ctx, row);
}

/* ---------- the public poll page ---------- */

/** A signed-in voter answers as their account (from any browser); visitors by the key their browser keeps. */
async function voterOf(ctx: Ctx, voterKey: string | null | undefined): Promise<{ voterKey: string; userId: number | null } | null> {
  const actor = await actorOrNull(ctx);
  if (actor) return { voterKey: `account-${actor.id}`, userId: actor.id };
  return voterKey ? { voterKey, userId: null } : null;
}

async function presentPoll(ctx: Ctx, p: PlannerRow, voterKey: string | null): Promise<TPoll> {
  const [slots, answers, refs] = await Promise.all([repo.slotsOf(ctx.deps.db, p.id), repo.answersOf(ctx.deps.db, p.id), repo.refsOf(ctx.deps.db, p)]);
  const { tallies, leader, voterCount } = tally(slots, answers);
  const mine = voterKey ? answers.filter((a) => a.voterKey === voterKey) : [];
  return {
    token: p.publicToken,
    title: p.title,
    organizerFirstName: refs.organizerFirstName,
    interval: p.interval,
    pollEndsAt: p.pollEndsAt,
    ended: pollEnded(p, ctx.deps.clock.now()),
    slots: tallies.map(slotBase),
    leadingSlotId: p.status === "CONVERTED" ? p.winningSlotId : leader,
    voterCount,
    myAnswer: mine.length > 0 ? { firstName: mine[0]!.firstName, answers: mine.map((a) => ({ slotId: a.slotId, available: a.available === 1 })) } : null,
  };
}

/** The poll page: anybody with the link. */
export async function poll(ctx: Ctx, token: string, voterKey: string | null | undefined): Promise<TPoll> {
  const p = await repo.findPlannerByToken(ctx.deps.db, token);
  if (!p) throw new AppError("PLANNER_NOT_FOUND");
  const voter = await voterOf(ctx, voterKey);
  return presentPoll(ctx, p, voter?.voterKey ?? null);
}

/** Yes or no per slot under a first name; the same voter answering again changes their answers. Refused after the end. */
export async function answerPoll(ctx: Ctx, input: z.output<typeof ZPollAnswerInput>): Promise<TPoll> {
  const found = await repo.findPlannerByToken(ctx.deps.db, input.token);
  if (!found) throw new AppError("PLANNER_NOT_FOUND");
  const voter = await voterOf(ctx, input.voterKey);
  if (!voter) throw new AppError("VALIDATION", { fields: [{ path: "voterKey", code: "required" }] });
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const p = (await repo.lockPlanner(tx, found.id))!;
    if (pollEnded(p, now)) throw new AppError("PLANNER_POLL_ENDED");
    const slotIds = new Set((await repo.slotsOf(tx, p.id)).map((s) => s.id));
    const foreign = input.answers.findIndex((a) => !slotIds.has(a.slotId));
    if (foreign >= 0) throw new AppError("VALIDATION", { fields: [{ path: `answers.${foreign}.slotId`, code: "planner_slot_unknown" }] });
    await repo.upsertAnswers(tx, p.id, { ...voter, firstName: input.firstName }, input.answers, now);
  });
  return presentPoll(ctx, found, voter.voterKey);
}
