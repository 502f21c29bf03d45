import { WEEKLY_SESSION } from "../constants";
import { addBerlinDays, berlinDateTimeToInstant, berlinTimeOfDay } from "./berlin-calendar";
import { berlinDay } from "./berlin-time";

/**
 * Weekly sessions (spec 000 sections 3, 4; server/domains/weekly/README.md "Weekly sessions"): a template remembers the
 * start of its latest week (a game that took place, or a week skipped with "does not take place"). The
 * next week starts 7 Berlin calendar days later at the same Berlin wall time, so 19:00 stays 19:00
 * across daylight-saving changes. Confirming the next week opens 24 hours after the latest week's start
 * ("from 24 hours after the last game", spec 000 section 9; the other reading, "one week before", is not
 * used) and stays open until that next start.
 */

/** The start of the week after the one that started at `latest`. */
export function nextWeeklyStart(latest: Date): Date {
  return berlinDateTimeToInstant(addBerlinDays(berlinDay(latest), 7), berlinTimeOfDay(latest));
}

/** When the organiser may confirm (or skip) the week after `latest`. */
export function confirmationOpensAt(latest: Date): Date {
  return new Date(latest.getTime() + WEEKLY_SESSION.confirmationAfterHours * 3600_000);
}

export type WeeklyState =
  /** deactivated: no confirmation, no reminders */
  | { kind: "deactivated"; nextStart: Date }
  /** the next week's game exists already (its start is shown) */
  | { kind: "scheduled"; nextStart: Date; gameId: number }
  /** not yet: the hint says when */
  | { kind: "waiting"; nextStart: Date; opensAt: Date }
  /** "takes place" or "does not take place" can be pressed now */
  | { kind: "open"; nextStart: Date };

/**
 * Where a template stands at `now`: `latest` is its latest week's start, `upcomingGameId` a game of it
 * that has not started yet (if any).
 */
export function weeklyState(t: { latestStartTime: Date; deactivatedAt: Date | null }, now: Date, upcomingGameId: number | null): WeeklyState {
  if (upcomingGameId !== null && t.latestStartTime.getTime() > now.getTime()) return { kind: "scheduled", nextStart: t.latestStartTime, gameId: upcomingGameId };
  let latest = t.latestStartTime;
  let next = nextWeeklyStart(latest);
  // weeks nobody answered for are behind us (as if skipped): the next one to confirm is the first still ahead
  while (next.getTime() <= now.getTime()) {
    latest = next;
    next = nextWeeklyStart(latest);
  }
  if (t.deactivatedAt !== null) return { kind: "deactivated", nextStart: next };
  const opensAt = confirmationOpensAt(latest);
  if (now.getTime() < opensAt.getTime()) return { kind: "waiting", nextStart: next, opensAt };
  return { kind: "open", nextStart: next };
}

/**
 * The week a confirmation ("takes place" or "does not take place") may be given for at `now`, or the
 * reason it may not: the template must be active, no game of it may be upcoming, and `now` must be in the
 * window (24 hours after the latest week's start until the next start; weeks left unanswered are passed over).
 */
export function confirmableWeek(t: { latestStartTime: Date; deactivatedAt: Date | null }, now: Date, upcomingGameId: number | null): { nextStart: Date } | { problem: "WEEKLY_SESSION_DEACTIVATED" | "WEEKLY_GAME_EXISTS" | "WEEKLY_CONFIRMATION_NOT_OPEN" } {
  const state = weeklyState(t, now, upcomingGameId);
  if (state.kind === "deactivated") return { problem: "WEEKLY_SESSION_DEACTIVATED" };
  if (state.kind === "scheduled") return { problem: "WEEKLY_GAME_EXISTS" };
  if (state.kind === "waiting") return { problem: "WEEKLY_CONFIRMATION_NOT_OPEN" };
  return { nextStart: state.nextStart };
}

/**
 * The regulars of a weekly session (beyond the old product): accounts that played in at least
 * `WEEKLY_SESSION.regularsMinGames` of its games that started in the last `regularsWeeks` weeks.
 */
export function regularsOf(attendances: readonly { userId: number; gameStart: Date }[], now: Date): Set<number> {
  const since = now.getTime() - WEEKLY_SESSION.regularsWeeks * 7 * 24 * 3600_000;
  const counts = new Map<number, number>();
  for (const a of attendances) {
    if (a.gameStart.getTime() < since || a.gameStart.getTime() > now.getTime()) continue;
    counts.set(a.userId, (counts.get(a.userId) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= WEEKLY_SESSION.regularsMinGames).map(([id]) => id));
}

/**
 * Whether the regulars' head start of a weekly session's game holds this joiner back (issue 23 item 13):
 * only while it runs, never the organisers (`privileged`), never a regular, and never anybody when the
 * session has no regulars yet (a new session's first weeks would otherwise be closed to everybody).
 */
export function heldBackByHeadStart(o: { regularsOnlyUntil: Date | null; now: Date; privileged: boolean; regulars: ReadonlySet<number>; userId: number | null }): boolean {
  if (o.regularsOnlyUntil === null || o.now.getTime() >= o.regularsOnlyUntil.getTime()) return false;
  if (o.privileged || o.regulars.size === 0) return false;
  return o.userId === null || !o.regulars.has(o.userId);
}
