import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameComments } from "../../db/schema";
import type { RealtimeEvent } from "../../integrations/realtime";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { eventually } from "../../testing/eventually";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { gameChannel } from "../chat/service";
import { cancelGame, lockGame, recordGameEvent } from "./core";
import { parseGameEvent, type GameEvent } from "./events";
import { handleAutoCancel } from "./lifecycle";
import * as repo from "./repo";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const inHours = (h: number) => new Date(Date.now() + h * 3600_000);

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: new Date(), regionId, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}

/** Everything published on a channel until `stop()`. */
function listen(channel: string) {
  const heard: RealtimeEvent[] = [];
  const off = deps.realtime.subscribe(channel, (e) => heard.push(e));
  return {
    heard,
    /** Resolves once an event with this id was heard (rejects after 5 s). */
    async heardId(id: number) {
      await eventually(() => heard.some((e) => e.id === id), { what: `a live event for ${id} on ${channel}` });
    },
    stop: off,
  };
}

describe("game events are typed", () => {
  test("a stored row is read back as its kind; unknown kinds and wrong payloads are not", () => {
    const row = { id: 1, gameId: 2, actorId: null, createdAt: new Date() };
    expect(parseGameEvent({ ...row, type: "MOVED_UP", payload: { participationId: 5, userId: 9 } })).toMatchObject({ type: "MOVED_UP", payload: { participationId: 5, userId: 9 } });
    expect(parseGameEvent({ ...row, type: "MOVED_UP", payload: { participationId: "5" } })).toBeNull();
    expect(parseGameEvent({ ...row, type: "AUTO_CANCELLED", payload: {} })).toBeNull();
    expect(parseGameEvent({ ...row, type: "CANCELLED", payload: { reason: "BAD_WEATHER" } })).toBeNull();
  });

  test("a promotion from the waiting list names the promoted player as subject, not as actor", async () => {
    testClock.reset();
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: inHours(30), maxPlayers: 2 }, 1);
    const first = await signedIn();
    const waiting = await signedIn();
    await first.caller.participation.join({ gameId: game.id });
    await waiting.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "push-waiting" });
    await first.caller.participation.revoke({ gameId: game.id });
    const moved = (await repo.eventsOf(deps.db, game.id)).map(parseGameEvent).find((e) => e?.type === "MOVED_UP");
    expect(moved).toMatchObject({ actorId: null, payload: { userId: waiting.user.id } });
  });
});

describe("the game chat's system lines follow from game events", () => {
  test("joining, queueing and cancelling each write their line in the event's transaction, and open chats hear it live", async () => {
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: inHours(30), maxPlayers: 2 }, 1);
    const chat = listen(gameChannel(game.id));
    try {
      const lena = await signedIn({ firstName: "Lena" });
      await lena.caller.participation.join({ gameId: game.id });
      const ole = await signedIn({ firstName: "Ole" });
      await ole.caller.participation.join({ gameId: game.id, queue: true, deviceToken: "push-ole" });
      await lena.caller.participation.revoke({ gameId: game.id });

      const lines = await deps.db.select().from(gameComments).where(eq(gameComments.gameId, game.id)).orderBy(gameComments.id);
      expect(lines.map((l) => [l.isSystemMessage, l.name, l.text])).toEqual([
        [true, "Lena", "joined"],
        [true, "Ole", "queued"],
        [true, "Lena", "cancelled"],
      ]);
      // The defect this fixes: system lines used to be written without a live event.
      for (const line of lines) await chat.heardId(line.id);
      const events = (await repo.eventsOf(deps.db, game.id)).map((e) => e.type);
      expect(events).toEqual(["JOINED", "QUEUED", "PARTICIPATION_CANCELLED", "MOVED_UP"]);
    } finally {
      chat.stop();
    }
  });

  test("a rolled-back change leaves no event, no line and no live message", async () => {
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: inHours(30) }, 1);
    const chat = listen(gameChannel(game.id));
    try {
      await deps.db
        .transaction(async (tx) => {
          await recordGameEvent(deps, tx, { gameId: game.id, type: "JOINED", actorId: null, payload: { participationId: 1, playerCount: 1, name: "Geist" }, createdAt: new Date() });
          throw new Error("roll back");
        })
        .catch(() => {});
      // A committed line afterwards is heard; the rolled-back one before it never is.
      const committed = await deps.db.transaction((tx) =>
        recordGameEvent(deps, tx, { gameId: game.id, type: "JOINED", actorId: null, payload: { participationId: 2, playerCount: 1, name: "Echt" }, createdAt: new Date() }),
      );
      const lines = await deps.db.select().from(gameComments).where(eq(gameComments.gameId, game.id));
      expect(lines.map((l) => l.name)).toEqual(["Echt"]);
      await chat.heardId(lines[0]!.id);
      expect(chat.heard.map((e) => e.id)).toEqual([lines[0]!.id]);
      expect((await repo.eventsOf(deps.db, game.id)).map((e) => e.id)).toEqual([committed.id]);
    } finally {
      chat.stop();
    }
  });

  test("a failing reaction rolls the whole change back", async () => {
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: inHours(30) }, 1);
    const failing: Deps = { ...deps, reactions: [...deps.reactions, async () => Promise.reject(new Error("reaction failed"))] };
    await expect(
      deps.db.transaction(async (tx) => {
        await cancelGame(failing, tx, await lockGame(tx, game.id), { by: "organiser", actorId: host.user.id, reason: "BAD_WEATHER", message: null }, new Date());
      }),
    ).rejects.toThrow("reaction failed");
    expect((await repo.findGameRow(deps.db, game.id))!.cancelledAt).toBeNull();
    expect(await repo.eventsOf(deps.db, game.id)).toEqual([]);
  });
});

describe("cancelling a game is one function with one event", () => {
  /** Runs `cancel` with a reaction that records what it saw. */
  async function cancelledEvents(cancel: (d: Deps) => Promise<unknown>) {
    const seen: GameEvent[] = [];
    const watching: Deps = { ...deps, reactions: [...deps.reactions, async (_tx, e) => void (e.type === "CANCELLED" && seen.push(e))] };
    await cancel(watching);
    return seen;
  }

  test("the organiser's cancel, the minimum-players job and account deletion all emit CANCELLED", async () => {
    testClock.reset();
    const host = await signedIn();
    const byOrganiser = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: inHours(30) }, 1);
    const seen = await cancelledEvents((d) =>
      d.db.transaction(async (tx) => cancelGame(d, tx, await lockGame(tx, byOrganiser.id), { by: "organiser", actorId: host.user.id, reason: "OTHER_REASON", message: "Regen" }, new Date())),
    );
    expect(seen).toMatchObject([{ gameId: byOrganiser.id, actorId: host.user.id, payload: { reason: "OTHER_REASON", message: "Regen", automatic: false, accountDeleted: false } }]);
    expect(await errorData(deps.db.transaction(async (tx) => cancelGame(deps, tx, await lockGame(tx, byOrganiser.id), { by: "accountDeletion", actorId: host.user.id }, new Date())))).toMatchObject({ code: "GAME_ALREADY_CANCELLED" });

    // the minimum-players job, an hour before the start
    const start = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + 5 * 3600_000);
    const short = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: start, minPlayers: 10 }, 1);
    testClock.freeze(new Date(start.getTime() - 59 * 60_000));
    try {
      const auto = await cancelledEvents((d) => handleAutoCancel(d, { gameId: short.id, startTime: start.toISOString() }));
      expect(auto).toMatchObject([{ gameId: short.id, actorId: null, payload: { reason: "TOO_FEW_PLAYERS", automatic: true, players: 1, minPlayers: 10 } }]);
    } finally {
      testClock.reset();
    }

    // account deletion cancels the organiser's upcoming games
    const leaving = await signedIn();
    const own = await createGameRow(deps, { creatorId: leaving.user.id, regionId, startTime: inHours(48) }, 1);
    const deletion = await cancelledEvents(async (d) => {
      const a = await callerFor(d);
      await a.caller.auth.login({ email: leaving.user.email, password: FACTORY_PASSWORD });
      await (await callerFor(d, { token: a.cookies.token })).caller.accounts.deleteAccount({ confirmation: "Konto LÖSCHEN" });
    });
    expect(deletion).toMatchObject([{ gameId: own.id, actorId: leaving.user.id, payload: { reason: "UNABLE_TO_ATTEND", accountDeleted: true, automatic: false } }]);
  });
});

describe("updateFutureGames", () => {
  test("is refused, not ignored, while games have no weekly session", async () => {
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: inHours(30) }, 1);
    expect(await errorData(host.caller.games.update({ gameId: game.id, description: "Neu", updateFutureGames: true }))).toEqual({
      code: "VALIDATION",
      fields: [{ path: "updateFutureGames", code: "no_weekly_session" }],
    });
    await host.caller.games.update({ gameId: game.id, description: "Neu", updateFutureGames: false });
    expect((await repo.findGameRow(deps.db, game.id))!.description).toBe("Neu");
  });
});
