import { sql } from "drizzle-orm";
import { tournamentChannelMessages, tournamentChannelReads, tournamentParticipations, tournaments } from "../../db/schema";

/**
 * Read-only SQL fragments of the tournaments domain that other domains may embed in their own SELECTs over
 * `tournaments` (the chat's unread counts and list read the channels with them; README "Channels in the chat"). Only
 * fragments live here, nothing that runs a statement; `.dependency-cruiser.cjs` allows other domains to import this
 * file and forbids them tournaments/repo.ts and channel-repo.ts.
 */

/** The statement's `tournaments` row's id, named with its table (drizzle leaves a lone table's columns unqualified). */
const tournamentId = sql`${tournaments}.${sql.identifier("id")}`;

/**
 * The user follows the tournament's channel: it is published and they organise it or have a paid team in it (Paid or
 * PaidExternally, not cancelled: who may read it, channel.ts). Admins may read every channel but follow only these.
 */
export function followsChannelSql(userId: number) {
  return sql<boolean>`(${tournaments}.${sql.identifier("published_at")} is not null and (
    ${tournaments}.${sql.identifier("organizer_id")} = ${userId}
    or exists (select 1 from ${tournamentParticipations} tp where tp.tournament_id = ${tournamentId} and tp.user_id = ${userId}
      and tp.cancelled_at is null and tp.payment_status in ('Paid', 'PaidExternally'))))`;
}

/** The channel's messages the user has not marked read (their own are marked when sent). */
export function unreadChannelMessagesSql(userId: number) {
  return sql<number>`(select count(*)::int from ${tournamentChannelMessages} m where m.tournament_id = ${tournamentId}
    and not exists (select 1 from ${tournamentChannelReads} r where r.message_id = m.id and r.user_id = ${userId}))`;
}

/** The channel's newest message: its text and time (null without messages). */
export function latestChannelMessageSql() {
  const newest = sql`from ${tournamentChannelMessages} m where m.tournament_id = ${tournamentId} order by m.created_at desc, m.id desc limit 1`;
  return {
    text: sql<string | null>`(select m.message ${newest})`,
    createdAt: sql<Date | null>`(select m.created_at ${newest})`.mapWith(tournamentChannelMessages.createdAt),
  };
}
