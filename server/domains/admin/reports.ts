import { SUPPORT_USER_ID } from "@shared/constants";
import type { TAdminGameReport, TAdminGameReportPage, ZAdminAnswerGameReportInput, ZAdminCancelReportedGameInput, ZAdminGameReportsInput } from "@shared/schemas/admin";
import type { z } from "zod";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { requireAdmin } from "../auth/viewer";
import { sendStaffDirectMessage, userExists } from "../chat/service";
import { cancelGameByStaff } from "../games/manage";
import { closeReport, lockOpenReport, markReportAnswered } from "../participation/reports";
import { recordAudit } from "./audit";
import { consoleAction } from "./console";
import * as repo from "./repo";

/** Game reports (issue 26): the queue (OPEN, then ANSWERED; oldest first), answer, close, cancel the game. */
export async function listReports(ctx: Ctx, input: z.output<typeof ZAdminGameReportsInput>): Promise<TAdminGameReportPage> {
  requireAdmin(ctx);
  return repo.gameReportsPage(ctx.deps.db, input);
}

async function reportById(db: DbOrTx, id: number): Promise<TAdminGameReport> {
  const { items } = await repo.gameReportsPage(db, { offset: 0, limit: 1, id });
  return items[0]!;
}

const snapshot = (r: { status: string; answer: string | null; answeredAt: Date | null; closedAt: Date | null; handledById: number | null }) => ({
  status: r.status,
  answer: r.answer,
  answeredAt: r.answeredAt,
  closedAt: r.closedAt,
  handledById: r.handledById,
});

/**
 * The answer reaches the reporter as a direct message from the support user (id 75; from the answering
 * admin when that account does not exist, as on a database without demo data); the report is ANSWERED.
 */
export async function answerReport(ctx: Ctx, input: z.output<typeof ZAdminAnswerGameReportInput>): Promise<TAdminGameReport> {
  return consoleAction(ctx, async (tx, actor, now) => {
    const before = await lockOpenReport(tx, input.id);
    const senderId = (await userExists(tx, SUPPORT_USER_ID)) && SUPPORT_USER_ID !== before.userId ? SUPPORT_USER_ID : actor.userId;
    const message = await sendStaffDirectMessage(tx, { senderId, receiverId: before.userId, text: input.text, createdAt: now });
    const after = await markReportAnswered(tx, input.id, input.text, actor.userId, now);
    await recordAudit(tx, actor, "gameReport.answer", "gameReport", input.id, snapshot(before), { ...snapshot(after), directMessageId: message.id, senderId });
    return reportById(tx, input.id);
  });
}

export async function closeGameReport(ctx: Ctx, id: number): Promise<TAdminGameReport> {
  return consoleAction(ctx, async (tx, actor, now) => {
    const before = await lockOpenReport(tx, id);
    const after = await closeReport(tx, id, actor.userId, now);
    await recordAudit(tx, actor, "gameReport.close", "gameReport", id, snapshot(before), snapshot(after));
    return reportById(tx, id);
  });
}

/** Cancels the reported game through the organiser's cancel path (players told, payments refunded), then closes the report. */
export async function cancelReportedGame(ctx: Ctx, input: z.output<typeof ZAdminCancelReportedGameInput>): Promise<TAdminGameReport> {
  return consoleAction(ctx, async (tx, actor, now) => {
    const before = await lockOpenReport(tx, input.id);
    await cancelGameByStaff(ctx, tx, before.gameId, actor.userId, input.message || null, now);
    const after = await closeReport(tx, input.id, actor.userId, now);
    await recordAudit(tx, actor, "gameReport.cancelGame", "gameReport", input.id, snapshot(before), { ...snapshot(after), cancelledGameId: before.gameId });
    return reportById(tx, input.id);
  });
}
