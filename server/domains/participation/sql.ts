import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { participations } from "../../db/schema";

/**
 * Read-only SQL fragments of the participations table that other domains may embed in their own SELECTs (games'
 * feed counts players with it): reads may join across domains, writes never do. Only fragments live here, nothing
 * that runs a statement; `.dependency-cruiser.cjs` allows other domains to import this file and forbids them
 * participation/repo.ts.
 */

/**
 * Players in a game, the one definition: the player counts of its active participations (not
 * cancelled, not on the waiting list). As SQL for a game id (a column in list queries, or a value).
 */
export function playersInGameSql(gameId: AnyPgColumn | SQL | number) {
  return sql<number>`coalesce((
  select sum(p.player_count) from ${participations} p
  where p.game_id = ${gameId} and p.queue = false and p.cancelled_at is null
), 0)::int`;
}
