import { GAME_DURATIONS_MINUTES, PLANNER_MAX_SLOTS } from "../constants";
import { addBerlinDays, berlinDateTimeToInstant, weekdayOfDay } from "./berlin-calendar";
import { berlinDay } from "./berlin-time";

/**
 * The availability planner's rules (spec 001 sections 2.2 and 9, issue 26), for the form and the server:
 * which slots may be proposed, how long a poll may run, the next date of a slot, and which slot leads.
 * Weekdays are the spec's 0 Monday … 6 Sunday; times are Berlin wall clock "HH:MM".
 */

/** At most this many polls of one organiser are open at once. */
export const PLANNER_MAX_OPEN_POLLS = 10;
/** A poll ends at most this many days after it was made. */
export const PLANNER_MAX_POLL_DAYS = 30;
export const PLANNER_DURATION_MIN = 60;
export const PLANNER_DURATION_MAX = 180;
export const PLANNER_DURATION_STEP = 15;
export const PLANNER_TITLE_MAX = 60;
export const PLANNER_FIRST_NAME_MAX = 30;

export type PlannerSlotDraft = { weekday: number; startTime: string; durationMinutes: number };
export type SlotProblem = "slots_count" | "slot_weekday" | "slot_time" | "slot_duration" | "slots_duplicate";

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The first problem of one slot, or null. */
export function slotProblem(slot: PlannerSlotDraft): SlotProblem | null {
  if (!Number.isInteger(slot.weekday) || slot.weekday < 0 || slot.weekday > 6) return "slot_weekday";
  if (!TIME.test(slot.startTime)) return "slot_time";
  const d = slot.durationMinutes;
  if (!Number.isInteger(d) || d < PLANNER_DURATION_MIN || d > PLANNER_DURATION_MAX || d % PLANNER_DURATION_STEP !== 0) return "slot_duration";
  return null;
}

/** 1 to 3 slots, each valid, no two at the same weekday and start time (the duration does not make a slot another one). */
export function slotsProblem(slots: readonly PlannerSlotDraft[]): SlotProblem | null {
  if (slots.length < 1 || slots.length > PLANNER_MAX_SLOTS) return "slots_count";
  for (const s of slots) {
    const p = slotProblem(s);
    if (p) return p;
  }
  const keys = new Set(slots.map((s) => `${s.weekday} ${s.startTime}`));
  return keys.size === slots.length ? null : "slots_duplicate";
}

/** The poll end must lie ahead of now and at most 30 days ahead. */
export function pollEndProblem(pollEndsAt: Date, now: Date): "poll_end_past" | "poll_end_too_far" | null {
  if (pollEndsAt.getTime() <= now.getTime()) return "poll_end_past";
  if (pollEndsAt.getTime() > now.getTime() + PLANNER_MAX_POLL_DAYS * 86_400_000) return "poll_end_too_far";
  return null;
}

/** Has the poll ended: closed early, converted, or its end has passed. */
export function pollEnded(poll: { status: string; pollEndsAt: Date }, now: Date): boolean {
  return poll.status !== "OPEN" || poll.pollEndsAt.getTime() <= now.getTime();
}

/** Spec weekday (0 Monday … 6 Sunday) of a Berlin calendar day. */
export function plannerWeekdayOfDay(day: string): number {
  return weekdayOfDay(day) - 1;
}

/**
 * The first start of a slot strictly after `after`: the next Berlin day with that weekday whose
 * wall time `startTime` lies after `after` (the same day when the time is still ahead).
 */
export function nextOccurrence(weekday: number, startTime: string, after: Date): Date {
  const today = berlinDay(after);
  for (let i = 0; i <= 7; i++) {
    const day = addBerlinDays(today, i);
    if (plannerWeekdayOfDay(day) !== weekday) continue;
    const start = berlinDateTimeToInstant(day, startTime);
    if (start.getTime() > after.getTime()) return start;
  }
  // unreachable: within 8 days the weekday comes round with its time ahead
  return berlinDateTimeToInstant(addBerlinDays(today, 7), startTime);
}

export type SlotTally = { id: number; position: number; yes: number; no: number };

/**
 * The leading slot: the most yes answers; on a tie the fewer no answers, then the slot proposed first.
 * Null while nobody has said yes to any slot (there is nothing to turn into a session).
 */
export function leadingSlot(tallies: readonly SlotTally[]): number | null {
  let best: SlotTally | null = null;
  for (const t of tallies) {
    if (t.yes === 0) continue;
    if (!best || t.yes > best.yes || (t.yes === best.yes && (t.no < best.no || (t.no === best.no && t.position < best.position)))) best = t;
  }
  return best?.id ?? null;
}

/** The end of a slot, "HH:MM" (past midnight wraps round: 23:00 + 120 = 01:00). */
export function slotEndTime(startTime: string, durationMinutes: number): string {
  const [h, m] = startTime.split(":").map(Number) as [number, number];
  const total = (h * 60 + m + durationMinutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * A game's duration for a slot's: games take only GAME_DURATIONS_MINUTES (spec 000 section 5), the planner
 * any quarter hour from 60 to 180, so the weekly session gets the shortest game duration that holds the slot.
 */
export function gameDurationFor(slotMinutes: number): number {
  return GAME_DURATIONS_MINUTES.find((d) => d >= slotMinutes) ?? GAME_DURATIONS_MINUTES[GAME_DURATIONS_MINUTES.length - 1]!;
}
