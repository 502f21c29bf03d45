import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";

type Interval = { startTime: Date; endTime: Date };

/**
 * The closed times of the public calendar: per Berlin day from `firstDay` to `lastDay` (inclusive), the
 * parts of the shown hours (`from` to `to`, default the whole day) outside every opening window or before
 * `now` (rounded up to the next step: a slot that has begun is gone), cut per day (schedule-x draws background times per day and does not clip them at the grid's end).
 */
export function closedTimes(
  open: Interval[],
  firstDay: string,
  lastDay: string,
  from = "00:00",
  to = "24:00",
  options: { now?: Date; stepMinutes?: number } = {},
): { start: Date; end: Date }[] {
  const windows = open.map((o) => [o.startTime.getTime(), o.endTime.getTime()] as const).sort((a, b) => a[0] - b[0]);
  // what has begun cannot be booked any more: shaded up to the next step (issue 23 item 17: today's past hours looked free)
  const step = (options.stepMinutes ?? 30) * 60_000;
  const pastUntil = options.now ? Math.ceil(options.now.getTime() / step) * step : null;
  const out: { start: Date; end: Date }[] = [];
  for (let day = firstDay; day <= lastDay; day = addBerlinDays(day, 1)) {
    const dayStart = berlinDateTimeToInstant(day, from).getTime();
    const dayEnd = (to === "24:00" ? berlinDateTimeToInstant(addBerlinDays(day, 1), "00:00") : berlinDateTimeToInstant(day, to)).getTime();
    let cursor = dayStart;
    // the past of this day, joined with the closed time right after it
    let pastPiece: { start: Date; end: Date } | null = null;
    if (pastUntil !== null && pastUntil > dayStart) {
      cursor = Math.min(pastUntil, dayEnd);
      pastPiece = { start: new Date(dayStart), end: new Date(cursor) };
      out.push(pastPiece);
    }
    for (const [s, e] of windows) {
      if (e <= cursor || s >= dayEnd) continue;
      if (s > cursor) {
        if (pastPiece && pastPiece.end.getTime() === cursor) pastPiece.end = new Date(s);
        else out.push({ start: new Date(cursor), end: new Date(s) });
      }
      pastPiece = null;
      cursor = Math.max(cursor, e);
    }
    if (cursor < dayEnd) {
      if (pastPiece && pastPiece.end.getTime() === cursor) pastPiece.end = new Date(dayEnd);
      else out.push({ start: new Date(cursor), end: new Date(dayEnd) });
    }
  }
  return out;
}
