import { describe, expect, test } from "bun:test";
import type { TGame } from "@shared/schemas/games";
import { gameView } from "./view-state";

const START = new Date("2026-11-28T17:00:00Z");
const at = (minutesFromStart: number) => new Date(START.getTime() + minutesFromStart * 60_000);

const player = (id: number, queue = false, playerCount = 1) => ({ id, queue, playerCount, cancelledAt: null });

type Viewer = Partial<TGame["viewer"]>;
function game(o: Partial<Omit<TGame, "viewer">> & { viewer?: Viewer } = {}): TGame {
  return {
    id: 1,
    startTime: START,
    durationMinutes: 90,
    maxPlayers: 10,
    cancelledAt: null,
    isManagedPayment: false,
    regularsOnlyUntil: null,
    receivedOrganizerReliabilityFeedback: false,
    participations: [player(1), player(2)],
    ...o,
    viewer: { canManage: false, isAdmin: false, isRegular: false, participation: null, ...o.viewer },
  } as unknown as TGame;
}

describe("the game page's view (spec 000 sections 2, 4, 5)", () => {
  test("phases: upcoming, running, finished, cancelled", () => {
    expect(gameView(game(), null, at(-10)).phase).toBe("upcoming");
    expect(gameView(game(), null, at(10)).phase).toBe("running");
    expect(gameView(game(), null, at(90)).phase).toBe("finished");
    expect(gameView(game({ cancelledAt: at(-60) }), null, at(-10)).phase).toBe("cancelled");
    expect(gameView(game(), null, at(0)).end).toEqual(at(90));
  });

  test("play along: not for who takes part; a full game only until its start, one with room until its end", () => {
    expect(gameView(game(), null, at(-10)).playAlong).toBe(true);
    expect(gameView(game(), { id: 1 }, at(-10)).playAlong).toBe(false);
    expect(gameView(game(), null, at(30)).playAlong).toBe(true);
    expect(gameView(game(), null, at(90)).playAlong).toBe(false);
    const full = game({ maxPlayers: 2 });
    expect(gameView(full, null, at(-10))).toMatchObject({ full: true, playAlong: true, queue: true });
    expect(gameView(full, null, at(10)).playAlong).toBe(false);
    expect(gameView(game({ cancelledAt: at(-60) }), null, at(-10)).playAlong).toBe(false);
  });

  test("nobody overtakes the waiting list", () => {
    expect(gameView(game(), null, at(-10)).queue).toBe(false);
    expect(gameView(game({ participations: [player(1), player(2, true)] as unknown as TGame["participations"] }), null, at(-10))).toMatchObject({
      full: false,
      queue: true,
    });
  });

  test("the organiser acts on players only before the start of a game that goes ahead", () => {
    const managed = game({ viewer: { canManage: true } });
    expect(gameView(managed, null, at(-10)).organiserActions).toBe(true);
    expect(gameView(managed, null, at(10)).organiserActions).toBe(false);
    expect(gameView(game({ viewer: { canManage: true }, cancelledAt: at(-60) }), null, at(-10)).organiserActions).toBe(false);
    expect(gameView(game(), null, at(-10)).organiserActions).toBe(false);
  });

  test("admins collect the money of a managed-payment game that goes ahead", () => {
    expect(gameView(game({ isManagedPayment: true, viewer: { isAdmin: true } }), null, at(-10)).collectMoney).toBe(true);
    expect(gameView(game({ isManagedPayment: true }), null, at(-10)).collectMoney).toBe(false);
    expect(gameView(game({ isManagedPayment: true, viewer: { isAdmin: true }, cancelledAt: at(-60) }), null, at(-10)).collectMoney).toBe(false);
    expect(gameView(game({ viewer: { isAdmin: true } }), null, at(-10)).collectMoney).toBe(false);
  });

  test("rating: the prompt from 1 hour after the start for the organiser, in the finished banner once it is over", () => {
    const managed = game({ viewer: { canManage: true } });
    expect(gameView(managed, null, at(59))).toMatchObject({ ratingPrompt: false, finishedRate: false });
    expect(gameView(managed, null, at(60))).toMatchObject({ ratingPrompt: true, finishedRate: false });
    expect(gameView(managed, null, at(90))).toMatchObject({ ratingPrompt: false, finishedRate: true });
    expect(gameView(game({ viewer: { canManage: true }, receivedOrganizerReliabilityFeedback: true }), null, at(90)).finishedRate).toBe(false);
    expect(gameView(game(), null, at(60)).ratingPrompt).toBe(false);
    expect(gameView(game({ viewer: { canManage: true }, cancelledAt: at(-60) }), null, at(60)).ratingPrompt).toBe(false);
    // the window closes 7 days after the end
    expect(gameView(managed, null, at(90 + 7 * 24 * 60)).finishedRate).toBe(false);
  });

  test("the regulars' head start holds others back until it ends", () => {
    const headStart = game({ regularsOnlyUntil: at(-30) });
    expect(gameView(headStart, null, at(-60)).headStart).toEqual({ until: at(-30), mayJoin: false });
    expect(gameView(game({ regularsOnlyUntil: at(-30), viewer: { isRegular: true } }), null, at(-60)).headStart).toEqual({ until: at(-30), mayJoin: true });
    expect(gameView(headStart, null, at(-10)).headStart).toBeNull();
  });
});
