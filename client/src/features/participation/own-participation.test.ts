import { describe, expect, test } from "bun:test";
import type { TGame } from "@shared/schemas/games";
import { ownParticipation, waitingPosition } from "./own-participation";

const row = (id: number, queue: boolean, player: TGame["participations"][number]["player"] = null) => ({
  id,
  player,
  firstName: player ? null : `Gast${id}`,
  guestProfileId: player ? null : id,
  playerCount: 1,
  playsHimself: true,
  bringsBall: false,
  bringsBibs: false,
  queue,
  createdAt: new Date(0),
  organizerReliabilityFeedback: null,
});

const game = {
  id: 7,
  participations: [row(1, false), row(2, true), row(3, true)],
  viewer: { canManage: false, canSeeReliability: false, isAdmin: false, isRegular: false, participation: null },
} as unknown as TGame;

describe("ownParticipation", () => {
  test("a remembered guest participation that is still listed", () => {
    const own = ownParticipation(game, [{ gameId: 7, participationId: 2, firstName: "Gast2", guestToken: "t" }]);
    expect(own?.id).toBe(2);
    expect(own?.queue).toBe(true);
    expect(own?.guest?.firstName).toBe("Gast2");
  });
  test("a remembered one of another game or no longer listed is ignored", () => {
    expect(ownParticipation(game, [{ gameId: 8, participationId: 2, firstName: "x", guestToken: "t" }])).toBeNull();
    expect(ownParticipation(game, [{ gameId: 7, participationId: 9, firstName: "x", guestToken: "t" }])).toBeNull();
  });
  test("the server's answer wins for a signed-in viewer", () => {
    const signedIn = {
      ...game,
      viewer: { ...game.viewer, participation: { id: 1, queue: false, playerCount: 2, playsHimself: true, bringsBall: true, bringsBibs: false, hasReported: false, paymentStatus: "None" } },
    } as TGame;
    expect(ownParticipation(signedIn, [])?.playerCount).toBe(2);
  });
  test("waiting list position counts queued entries only", () => {
    expect(waitingPosition(game, 3)).toBe(2);
  });
});
