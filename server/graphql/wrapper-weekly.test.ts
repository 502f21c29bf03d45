import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { createCourt, createRegion } from "../testing/factories";
import { wrapperCalls } from "../testing/graphql-wrapper";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's weekly-session calls (spec 000 section 7), each with exactly its documented
 * arguments: createGame with isRecurringGame, then from the template (gameTemplateId, startTime);
 * myGameTemplates; gameTemplate(id); updateGameTemplate(id, isActive / latestStartTime / court);
 * deleteGameTemplate(id). Ids travel as strings.
 */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});
afterEach(() => testClock.reset());
const { signedIn, ok, failure } = wrapperCalls(() => deps);

const CREATE = `mutation($startTime: DateTime!, $courtId: ID, $minPlayers: Int, $maxPlayers: Int, $isRecurringGame: Boolean, $gameTemplateId: ID) {
  createGame(startTime: $startTime, courtId: $courtId, minPlayers: $minPlayers, maxPlayers: $maxPlayers, isRecurringGame: $isRecurringGame, gameTemplateId: $gameTemplateId) { id }
}`;
const TEMPLATE_FIELDS = `id latestStartTime deactivatedAt isActive court { id name } title description level gender price priceCents duration minPlayers maxPlayers
  regularsHeadStart state { kind nextStart opensAt gameId } latestGameId shareKey viewer { canManage canEditCourt }`;

describe("weekly sessions through the wrapper", () => {
  test("createGame(isRecurringGame) → myGameTemplates → gameTemplate → updateGameTemplate (skip, deactivate, court) → createGame(gameTemplateId) → deleteGameTemplate", async () => {
    testClock.freeze("2026-05-04T08:00:00Z"); // Monday
    const { client } = await signedIn({ regionId });
    const court = await createCourt(deps, { regionId });
    const first = "2026-05-05T17:00:00.000Z"; // Tuesday 19:00 Berlin
    const created = await ok(client, CREATE, { startTime: first, courtId: String(court.id), minPlayers: 6, maxPlayers: 12, isRecurringGame: true, gameTemplateId: null });
    const mine = await ok(client, `query myGameTemplates { myGameTemplates { ${TEMPLATE_FIELDS} } }`);
    expect(mine.myGameTemplates).toHaveLength(1);
    const t = mine.myGameTemplates[0];
    expect(t).toMatchObject({ latestStartTime: first, isActive: true, court: { id: String(court.id) }, minPlayers: 6, maxPlayers: 12, duration: 60, price: 0, latestGameId: created.createGame.id, shareKey: null });
    expect(t.state).toEqual({ kind: "scheduled", nextStart: first, opensAt: null, gameId: created.createGame.id });

    // a day after the first game: skip the next week ("does not take place")
    testClock.freeze("2026-05-06T18:00:00Z");
    const one = await ok(client, `query gameTemplate($id: ID!) { gameTemplate(id: $id) { ${TEMPLATE_FIELDS} } }`, { id: t.id });
    expect(one.gameTemplate.state).toEqual({ kind: "open", nextStart: "2026-05-12T17:00:00.000Z", opensAt: null, gameId: null });
    const update = `mutation($id: ID!, $isActive: Boolean, $latestStartTime: DateTime, $courtId: ID) {
      updateGameTemplate(id: $id, isActive: $isActive, latestStartTime: $latestStartTime, courtId: $courtId) { ${TEMPLATE_FIELDS} }
    }`;
    const skipped = await ok(client, update, { id: t.id, isActive: null, latestStartTime: "2026-05-12T17:00:00.000Z", courtId: null });
    expect(skipped.updateGameTemplate.latestStartTime).toBe("2026-05-12T17:00:00.000Z");
    const otherCourt = await createCourt(deps, { regionId });
    const moved = await ok(client, update, { id: t.id, isActive: false, latestStartTime: null, courtId: String(otherCourt.id) });
    expect(moved.updateGameTemplate).toMatchObject({ isActive: false, court: { id: String(otherCourt.id) }, state: { kind: "deactivated" } });
    await ok(client, update, { id: t.id, isActive: true, latestStartTime: null, courtId: null });

    // "takes place" for the week after: createGame from the template on its next start
    testClock.freeze("2026-05-13T18:00:00Z");
    expect((await failure(client, CREATE, { startTime: "2026-05-20T18:00:00.000Z", gameTemplateId: t.id }))?.code).toBe("WEEKLY_START_NOT_NEXT");
    const next = await ok(client, CREATE, { startTime: "2026-05-19T17:00:00.000Z", gameTemplateId: t.id });
    const game = await ok(client, `query($id: ID!) { retrieveGame(id: $id) { id startTime minPlayers maxPlayers court { id } } }`, { id: next.createGame.id });
    expect(game.retrieveGame).toMatchObject({ startTime: "2026-05-19T17:00:00.000Z", minPlayers: 6, maxPlayers: 12, court: { id: String(otherCourt.id) } });

    const del = await ok(client, `mutation deleteGameTemplate($id: ID!) { deleteGameTemplate(id: $id) { id } }`, { id: t.id });
    expect(del.deleteGameTemplate.id).toBe(t.id);
    expect((await failure(client, `query gameTemplate($id: ID!) { gameTemplate(id: $id) { id } }`, { id: t.id }))?.code).toBe("WEEKLY_SESSION_NOT_FOUND");
    // the games stay
    expect((await ok(client, `query($id: ID!) { retrieveGame(id: $id) { id } }`, { id: next.createGame.id })).retrieveGame.id).toBe(next.createGame.id);
  });
});
