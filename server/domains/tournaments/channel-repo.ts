import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { tournamentChannelMessages, tournamentChannelReads, tournamentParticipations, users } from "../../db/schema";

/**
 * The channel's queries (spec 001 sections 2.10, 3 "Channel message"): the only code that reads and writes
 * `tournament_channel_messages` and `tournament_channel_reads` (the tournaments domain's tables; repo.ts has the
 * tournaments and their teams).
 */

export type ChannelMessageRow = typeof tournamentChannelMessages.$inferSelect;

/** The payment statuses that open the channel to a team's user (spec 001 section 2.10: "Paid participants"). */
export const PAID_STATUSES = ["Paid", "PaidExternally"] as const;
const paidTeam = and(inArray(tournamentParticipations.paymentStatus, [...PAID_STATUSES]), isNull(tournamentParticipations.cancelledAt));

/** Whether the user has a paid, not cancelled team in the tournament. */
export async function hasPaidTeam(db: DbOrTx, tournamentId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tournamentParticipations.id })
    .from(tournamentParticipations)
    .where(and(eq(tournamentParticipations.tournamentId, tournamentId), eq(tournamentParticipations.userId, userId), paidTeam))
    .limit(1);
  return Boolean(row);
}

/** The paid teams (not cancelled): whom the channel's news go to. */
export function paidTeams(db: DbOrTx, tournamentId: number) {
  return db
    .select({
      id: tournamentParticipations.id,
      userId: tournamentParticipations.userId,
      email: tournamentParticipations.email,
      firstName: tournamentParticipations.firstName,
      language: tournamentParticipations.language,
    })
    .from(tournamentParticipations)
    .where(and(eq(tournamentParticipations.tournamentId, tournamentId), paidTeam))
    .orderBy(asc(tournamentParticipations.id));
}

/** How many messages a channel shows at most (a tournament's news, not a chat). */
export const CHANNEL_MESSAGES_SHOWN = 500;

const messageColumns = (viewerId: number) => ({
  id: tournamentChannelMessages.id,
  tournamentId: tournamentChannelMessages.tournamentId,
  message: tournamentChannelMessages.message,
  createdAt: tournamentChannelMessages.createdAt,
  sender: { id: users.id, firstName: users.firstName, profileImageUrl: users.profileImageUrl },
  read: sql<boolean>`exists (select 1 from ${tournamentChannelReads} r where r.message_id = ${tournamentChannelMessages.id} and r.user_id = ${viewerId})`,
});

/** A channel's messages, oldest first (the newest under the others, as in a chat), with the viewer's read marks. */
export async function channelMessages(db: DbOrTx, tournamentId: number, viewerId: number) {
  const rows = await db
    .select(messageColumns(viewerId))
    .from(tournamentChannelMessages)
    .leftJoin(users, eq(users.id, tournamentChannelMessages.senderId))
    .where(eq(tournamentChannelMessages.tournamentId, tournamentId))
    .orderBy(desc(tournamentChannelMessages.createdAt), desc(tournamentChannelMessages.id))
    .limit(CHANNEL_MESSAGES_SHOWN);
  return rows.reverse();
}
export type ChannelMessageOut = Awaited<ReturnType<typeof channelMessages>>[number];

export async function channelMessage(db: DbOrTx, id: number, viewerId: number): Promise<ChannelMessageOut | null> {
  const [row] = await db
    .select(messageColumns(viewerId))
    .from(tournamentChannelMessages)
    .leftJoin(users, eq(users.id, tournamentChannelMessages.senderId))
    .where(eq(tournamentChannelMessages.id, id))
    .limit(1);
  return row ?? null;
}

export async function findChannelMessage(db: DbOrTx, id: number): Promise<Pick<ChannelMessageRow, "id" | "tournamentId"> | null> {
  const [row] = await db
    .select({ id: tournamentChannelMessages.id, tournamentId: tournamentChannelMessages.tournamentId })
    .from(tournamentChannelMessages)
    .where(eq(tournamentChannelMessages.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertChannelMessage(tx: Tx, values: { tournamentId: number; senderId: number; message: string; createdAt: Date }): Promise<number> {
  const [row] = await tx.insert(tournamentChannelMessages).values(values).returning({ id: tournamentChannelMessages.id });
  return row!.id;
}

/** Whether the sender wrote in this channel after `since` (the rate limit, checked under the tournament's lock). */
export async function sentSince(tx: Tx, tournamentId: number, senderId: number, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: tournamentChannelMessages.id })
    .from(tournamentChannelMessages)
    .where(and(eq(tournamentChannelMessages.tournamentId, tournamentId), eq(tournamentChannelMessages.senderId, senderId), gt(tournamentChannelMessages.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** Marks a message read for the user; a second mark changes nothing (the first time stays). */
export async function markRead(db: DbOrTx, messageId: number, userId: number, at: Date): Promise<void> {
  await db.insert(tournamentChannelReads).values({ messageId, userId, readAt: at }).onConflictDoNothing();
}

/** Who has read each of these messages (GraphQL readBy). */
export async function readersOf(db: DbOrTx, messageIds: number[]): Promise<Map<number, number[]>> {
  const byMessage = new Map<number, number[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ messageId: tournamentChannelReads.messageId, userId: tournamentChannelReads.userId })
    .from(tournamentChannelReads)
    .where(inArray(tournamentChannelReads.messageId, messageIds))
    .orderBy(asc(tournamentChannelReads.readAt), asc(tournamentChannelReads.userId));
  for (const r of rows) byMessage.set(r.messageId, [...(byMessage.get(r.messageId) ?? []), r.userId]);
  return byMessage;
}
