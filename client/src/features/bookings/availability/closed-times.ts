import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";

type Interval = { startTime: Date; endTime: Date };

/**
 * The closed times of the public calendar: per Berlin day from `firstDay` to `lastDay` (inclusive), the
 * parts of the shown hours (`from` to `to`, default the whole day) outside every opening window, cut per
 * day (schedule-x draws background times per day and does not clip them at the grid's end).
 */
export function closedTimes(open: Interval[], firstDay: string, lastDay: string, from = "00:00", to = "24:00"): { start: Date; end: Date }[] {
  const windows = open.map((o) => [o.startTime.getTime(), o.endTime.getTime()] as const).sort((a, b) => a[0] - b[0]);
  const out: { start: Date; end: Date }[] = [];
  for (let day = firstDay; day <= lastDay; day = addBerlinDays(day, 1)) {
    const dayStart = berlinDateTimeToInstant(day, from).getTime();
    const dayEnd = (to === "24:00" ? berlinDateTimeToInstant(addBerlinDays(day, 1), "00:00") : berlinDateTimeToInstant(day, to)).getTime();
    let cursor = dayStart;
    for (const [s, e] of windows) {
      if (e <= cursor || s >= dayEnd) continue;
      if (s > cursor) out.push({ start: new Date(cursor), end: new Date(s) });
      cursor = Math.max(cursor, e);
    }
    if (cursor < dayEnd) out.push({ start: new Date(cursor), end: new Date(dayEnd) });
  }
  return out;
}
