import { describe, expect, test } from "bun:test";
import { plannerPrefillOf, prefillState } from "./convert-prefill";

describe("the create-game form's prefill from the planner", () => {
  test("reads valid search params and drops the rest", () => {
    expect(plannerPrefillOf({ day: "2026-12-03", time: "21:15", duration: "120", weekly: "1", plannerId: "7" })).toEqual({ day: "2026-12-03", time: "21:15", duration: 120, weekly: 1, plannerId: 7 });
    expect(plannerPrefillOf({ day: "3.12.2026", time: "25:00", duration: "-5", weekly: "yes", plannerId: "0" })).toEqual({});
    expect(plannerPrefillOf({})).toEqual({});
  });
  test("sets day, start, duration and the weekly repeat of the form", () => {
    expect(prefillState({ day: "2026-12-03", time: "21:15", duration: 120, weekly: 1, plannerId: 7 })).toEqual({ day: "2026-12-03", hour: 21, minute: 15, durationMinutes: 120, isRecurringGame: true });
    expect(prefillState(undefined)).toEqual({});
  });
});
