/**
 * When teams can be built and changed (issue 29; server/domains/teams/README.md): from 30 minutes before the start
 * until the game's end, half-open to the millisecond like the game's other windows. No imports: the game page
 * reads it without loading the balancer.
 */

const MINUTE_MS = 60_000;

/** Teams open this long before the start and close at the game's end. */
export const TEAMS_OPEN_BEFORE_START_MINUTES = 30;

export type TeamsWindow = "notYet" | "open" | "closed";

export function teamsOpenAt(start: Date): Date {
  return new Date(start.getTime() - TEAMS_OPEN_BEFORE_START_MINUTES * MINUTE_MS);
}

/** [start - 30 min, end). */
export function teamsWindow(o: { start: Date; end: Date; now: Date }): TeamsWindow {
  const t = o.now.getTime();
  if (t < teamsOpenAt(o.start).getTime()) return "notYet";
  if (t >= o.end.getTime()) return "closed";
  return "open";
}

/**
 * Who the sides are drawn from (server/domains/teams/README.md "Who is in the teams"): only the players checked in at
 * the pitch once they fill `teams` sides of `minPerSide`, else every active player (a check-in not done yet must not
 * leave a player out of a game that has begun).
 */
export function drawsCheckedIn(o: { checkedInPlayers: number; teams: number; minPerSide: number }): boolean {
  return o.checkedInPlayers >= o.teams * o.minPerSide;
}
