import { describe, expect, test } from "bun:test";
import type { TGame } from "@shared/schemas/games";
import { changeNoticeFor, managedShapeOf } from "./change-notice";

const participation = (id: number, playerId: number | null) => ({
  id,
  player: playerId === null ? null : { id: playerId, firstName: "P", profileImageUrl: null, reliabilityRating: null },
  firstName: playerId === null ? "Gast" : null,
  playerCount: 1,
  playsHimself: true,
  bringsBall: false,
  bringsBibs: false,
  queue: false,
  createdAt: new Date("2026-11-20T10:00:00Z"),
});

const game = {
  startTime: new Date("2026-11-26T17:00:00Z"),
  court: { id: 3 },
  teams: 2,
  gameMode: 5,
  maxPlayers: 12,
  durationMinutes: 90,
  minPlayers: 10,
  isManagedPayment: true,
  creator: { id: 2 },
  participations: [participation(1, 2), participation(2, 5)],
} as unknown as TGame;

describe("confirmations before saving (spec 000 section 5)", () => {
  test("a managed-payment game with players warns about a later start", () => {
    const after = { ...managedShapeOf(game), startTime: new Date("2026-11-26T18:00:00Z") };
    expect(changeNoticeFor(game, after, true)).toEqual({ warnings: ["startTime"], switchedToManaged: false });
  });

  test("no warning without other players, or for an unchanged shape", () => {
    const alone = { ...game, participations: [participation(1, 2)] } as TGame;
    expect(changeNoticeFor(alone, { ...managedShapeOf(game), courtId: 4 }, true)).toBeNull();
    expect(changeNoticeFor(game, managedShapeOf(game), true)).toBeNull();
  });

  test("a guest counts as another player; switching to managed payment asks to confirm", () => {
    const free = { ...game, isManagedPayment: false, participations: [participation(1, 2), participation(2, null)] } as TGame;
    expect(changeNoticeFor(free, managedShapeOf(free), true)).toEqual({ warnings: [], switchedToManaged: true });
    expect(changeNoticeFor(free, { ...managedShapeOf(free), courtId: 9 }, false)).toBeNull();
  });
});
