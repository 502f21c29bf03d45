import { expect, test } from "bun:test";
import { type GamePhase, gamePhase } from "./game-phase";

const start = new Date("2026-11-23T18:00:00Z");
const end = new Date("2026-11-23T19:00:00Z");
const at = (iso: string) => new Date(iso);

test.each<[string, Date | null, Date, GamePhase]>([
  ["a day before", null, at("2026-11-22T18:00:00Z"), "upcoming"],
  ["1 ms before the start", null, at("2026-11-23T17:59:59.999Z"), "upcoming"],
  ["exactly the start", null, start, "running"],
  ["1 ms before the end", null, at("2026-11-23T18:59:59.999Z"), "running"],
  ["exactly the end", null, end, "finished"],
  ["a week later", null, at("2026-11-30T19:00:00Z"), "finished"],
  ["cancelled before the start", at("2026-11-20T10:00:00Z"), at("2026-11-22T18:00:00Z"), "cancelled"],
  ["cancelled, after its end", at("2026-11-20T10:00:00Z"), at("2026-11-30T19:00:00Z"), "cancelled"],
])("%s -> %s", (_label, cancelledAt, now, phase) => {
  expect(gamePhase({ cancelledAt, startTime: start, endTime: end, now })).toBe(phase);
});
