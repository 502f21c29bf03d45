import type { z } from "zod";
import { COMMENT_INTERVAL_SECONDS } from "@shared/constants";
import type { TChannel, TChannelMessage, ZSendChannelMessageInput } from "@shared/schemas/tournament-teams";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { clipPushText } from "../../integrations/push/texts";
import { AppError } from "../../lib/errors";
import { requireViewer } from "../auth/viewer";
import { devicesOfUsers, notifyUsers } from "../notifications/notify-users";
import { enqueueMail } from "../notifications/outbox";
import * as channelRepo from "./channel-repo";
import * as repo from "./repo";
import { canManageTournament } from "./service";

/**
 * A tournament's news channel (spec 001 sections 2.10, 5, 6, 8; README "Who sees the channel"): the organiser and
 * admins write, read it and see who read what; users with a paid team read it. Everybody else gets FORBIDDEN (the
 * client's "Fehlende Berechtigung."), a draft stays TOURNAMENT_NOT_FOUND as everywhere.
 */

type Access = { tournament: repo.TournamentRow; canPost: boolean };

/** Who may see the channel: the organiser, admins, users with a paid team (Paid or PaidExternally, not cancelled). */
async function channelAccess(ctx: Ctx, db: DbOrTx, tournamentId: number): Promise<Access> {
  const viewer = requireViewer(ctx);
  const tournament = await repo.findTournament(db, tournamentId);
  if (!tournament) throw new AppError("TOURNAMENT_NOT_FOUND");
  if (canManageTournament(viewer, tournament)) return { tournament, canPost: true };
  if (tournament.publishedAt === null) throw new AppError("TOURNAMENT_NOT_FOUND");
  if (!(await channelRepo.hasPaidTeam(db, tournamentId, viewer.userId))) throw new AppError("FORBIDDEN");
  return { tournament, canPost: false };
}

/** tournaments.channel: the news, oldest first, each with whether the viewer has seen it. */
export async function channel(ctx: Ctx, tournamentId: number): Promise<TChannel> {
  const { tournament, canPost } = await channelAccess(ctx, ctx.deps.db, tournamentId);
  const messages = await channelRepo.channelMessages(ctx.deps.db, tournamentId, requireViewer(ctx).userId);
  return { tournament: { id: tournament.id, name: tournament.name, startTime: tournament.startTime }, canPost, messages };
}

/** Tournament.channelMessages (GraphQL): the same list, and who read each (everyone for managers, else only the viewer). */
export async function channelMessagesWithReaders(ctx: Ctx, tournamentId: number): Promise<(TChannelMessage & { readBy: { id: number }[] })[]> {
  if (!ctx.viewer) return [];
  let access: Access;
  try {
    access = await channelAccess(ctx, ctx.deps.db, tournamentId);
  } catch (e) {
    // the old API answered an empty list to whoever may not see the channel (as for the teams)
    if (e instanceof AppError && (e.code === "FORBIDDEN" || e.code === "TOURNAMENT_NOT_FOUND")) return [];
    throw e;
  }
  const me = ctx.viewer.userId;
  const messages = await channelRepo.channelMessages(ctx.deps.db, tournamentId, me);
  const readers = access.canPost ? await channelRepo.readersOf(ctx.deps.db, messages.map((m) => m.id)) : null;
  return messages.map((m) => ({ ...m, readBy: (readers ? (readers.get(m.id) ?? []) : m.read ? [me] : []).map((id) => ({ id })) }));
}

/**
 * tournaments.sendChannelMessage: the organiser or an admin, not once the tournament is cancelled, one message per
 * 10 seconds per sender and channel (as the game chat). Pushed to the devices of every paid team's user, mailed to
 * those without a device and to paid teams without an account (their registration's address), in the same
 * transaction as the message.
 */
export async function sendChannelMessage(ctx: Ctx, input: z.output<typeof ZSendChannelMessageInput>): Promise<TChannelMessage> {
  const viewer = requireViewer(ctx);
  const now = ctx.deps.clock.now();
  const message = input.message.trim();
  const id = await ctx.deps.db.transaction(async (tx) => {
    // The row lock orders a sender's messages, so two at once cannot both pass the interval.
    const tournament = await repo.lockTournament(tx, input.tournamentId);
    if (!tournament || (tournament.publishedAt === null && !canManageTournament(viewer, tournament))) throw new AppError("TOURNAMENT_NOT_FOUND");
    if (!canManageTournament(viewer, tournament)) throw new AppError("FORBIDDEN");
    if (tournament.cancelledAt !== null) throw new AppError("TOURNAMENT_CANCELLED");
    if (await channelRepo.sentSince(tx, tournament.id, viewer.userId, new Date(now.getTime() - COMMENT_INTERVAL_SECONDS * 1000)))
      throw new AppError("COMMENT_RATE_LIMITED");
    const messageId = await channelRepo.insertChannelMessage(tx, { tournamentId: tournament.id, senderId: viewer.userId, message, createdAt: now });
    await channelRepo.markRead(tx, messageId, viewer.userId, now);
    await notifyPaidTeams(ctx, tx, tournament, message, viewer.userId);
    return messageId;
  });
  const out = await channelRepo.channelMessage(ctx.deps.db, id, viewer.userId);
  return out!;
}

async function notifyPaidTeams(ctx: Ctx, tx: Parameters<typeof notifyUsers>[1], tournament: repo.TournamentRow, message: string, senderId: number) {
  const teams = (await channelRepo.paidTeams(tx, tournament.id)).filter((t) => t.userId !== senderId);
  const userIds = [...new Set(teams.flatMap((t) => (t.userId === null ? [] : [t.userId])))];
  const devices = await devicesOfUsers(tx, userIds);
  const reached = new Set(devices.map((d) => d.userId));
  const url = `${ctx.deps.config.publicUrl}/tournament/${tournament.id}/channel`;
  await notifyUsers(ctx.deps, tx, {
    push: { to: { devices }, key: "tournamentChannelMessage", params: () => ({ game: tournament.name, text: clipPushText(message) }), url, tag: `tournament-channel-${tournament.id}` },
    mail: {
      userIds: userIds.filter((id) => !reached.has(id)),
      audience: "always",
      template: (to) => ({ name: "tournament-channel-message", data: { firstName: to.firstName, tournament: tournament.name, message, link: url } }),
    },
  });
  // A paid team whose account is gone still gets the news at the address it registered with, in its language.
  const mailed = new Set<string>();
  for (const team of teams) {
    if (team.userId !== null || mailed.has(team.email.toLowerCase())) continue;
    mailed.add(team.email.toLowerCase());
    await enqueueMail(
      ctx.deps,
      { to: team.email, language: team.language, template: { name: "tournament-channel-message", data: { firstName: team.firstName, tournament: tournament.name, message, link: url } } },
      tx,
    );
  }
}

/** tournaments.markChannelMessageRead: for whoever may see the channel; marking again changes nothing. */
export async function markChannelMessageRead(ctx: Ctx, messageId: number): Promise<{ ok: true }> {
  const viewer = requireViewer(ctx);
  const message = await channelRepo.findChannelMessage(ctx.deps.db, messageId);
  if (!message) throw new AppError("CHANNEL_MESSAGE_NOT_FOUND");
  await channelAccess(ctx, ctx.deps.db, message.tournamentId);
  await channelRepo.markRead(ctx.deps.db, messageId, viewer.userId, ctx.deps.clock.now());
  return { ok: true };
}
