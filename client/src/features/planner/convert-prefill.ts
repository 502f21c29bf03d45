/**
 * The create-game form opened from a planner's "Als Wochenrunde anlegen" (issue 26): the next date of the winning
 * slot, its start, the game duration holding it, the weekly repeat, and the planner to tell which session it made.
 * Read from the form's search params (routes/_authed/create.game.tsx), like its ?courtId.
 */
export type PlannerPrefill = { day: string; time: string; duration: number; weekly: true; plannerId: number };

export function plannerPrefillOf(search: Record<string, unknown>): Partial<{ day: string; time: string; duration: number; weekly: 1; plannerId: number }> {
  const day = typeof search.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(search.day) ? search.day : undefined;
  const time = typeof search.time === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(search.time) ? search.time : undefined;
  const duration = Number(search.duration);
  const plannerId = Number(search.plannerId);
  return {
    ...(day ? { day } : {}),
    ...(time ? { time } : {}),
    ...(Number.isInteger(duration) && duration > 0 && duration <= 600 ? { duration } : {}),
    ...(Number(search.weekly) === 1 ? { weekly: 1 as const } : {}),
    ...(Number.isInteger(plannerId) && plannerId > 0 && plannerId < 2 ** 31 ? { plannerId } : {}),
  };
}

/** The create form's fields the prefill sets (games/form/game-form-state.ts GameFormState). */
export function prefillState(prefill: ReturnType<typeof plannerPrefillOf> | undefined) {
  if (!prefill) return {};
  const [hour, minute] = prefill.time ? prefill.time.split(":").map(Number) : [];
  return {
    ...(prefill.day ? { day: prefill.day } : {}),
    ...(hour !== undefined && minute !== undefined ? { hour, minute } : {}),
    ...(prefill.duration ? { durationMinutes: prefill.duration } : {}),
    ...(prefill.weekly ? { isRecurringGame: true } : {}),
  };
}
