/**
 * Where a game stands for the screens (spec 000 section 4: a game is active or cancelled, upcoming
 * or past once its end has passed). "running" is the time between start and end: the game is not
 * finished yet, but nobody should read it as "join for the next game". Half-open like game-windows.ts:
 * running from exactly the start, finished from exactly the end.
 */
export type GamePhase = "cancelled" | "upcoming" | "running" | "finished";

export function gamePhase(o: { cancelledAt: Date | null; startTime: Date; endTime: Date; now: Date }): GamePhase {
  if (o.cancelledAt) return "cancelled";
  const t = o.now.getTime();
  if (t >= o.endTime.getTime()) return "finished";
  return t >= o.startTime.getTime() ? "running" : "upcoming";
}
