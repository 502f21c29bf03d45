import { slotEndTime } from "@shared/rules/planner";
import { m } from "@client/paraglide/messages";

const WEEKDAYS = [m.planner_weekday_0, m.planner_weekday_1, m.planner_weekday_2, m.planner_weekday_3, m.planner_weekday_4, m.planner_weekday_5, m.planner_weekday_6];
const WEEKDAYS_PLURAL = [m.planner_weekdays_0, m.planner_weekdays_1, m.planner_weekdays_2, m.planner_weekdays_3, m.planner_weekdays_4, m.planner_weekdays_5, m.planner_weekdays_6];
const INTERVALS = [m.planner_interval_0, m.planner_interval_1, m.planner_interval_2];

/** "Dienstag" (spec 001 section 9: 0 Monday … 6 Sunday). */
export function weekdayName(weekday: number): string {
  return WEEKDAYS[weekday]?.() ?? String(weekday);
}

/** "wöchentlich", "alle zwei Wochen", "monatlich" (spec 001 section 9: 0, 1, 2). */
export function intervalName(interval: number): string {
  return INTERVALS[interval]?.() ?? String(interval);
}

/** A slot in words: "Dienstags, 19:00-20:30, wöchentlich". */
export function slotWords(slot: { weekday: number; startTime: string; durationMinutes: number }, interval: number): string {
  return m.planner_slot_words({
    weekday: WEEKDAYS_PLURAL[slot.weekday]?.() ?? weekdayName(slot.weekday),
    start: slot.startTime,
    end: slotEndTime(slot.startTime, slot.durationMinutes),
    interval: intervalName(interval),
  });
}

export function votersText(count: number): string {
  return count === 1 ? m.planner_voters_one() : m.planner_voters({ count: String(count) });
}

/** The poll page's address in this browser. */
export function pollUrl(pollPath: string): string {
  return new URL(pollPath, window.location.origin).toString();
}
