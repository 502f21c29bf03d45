import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const NOW = new Date("2026-08-01T08:00:00Z");

async function signedIn() {
  const user = await createUser(deps, { emailVerifiedAt: NOW });
  const client = httpClient(deps);
  await client.graphql(`mutation($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }`, { e: user.email, p: FACTORY_PASSWORD });
  return { user, client };
}

describe("GraphQL participation operations", () => {
  test("a guest and a player join, the organiser removes the guest by name, the player revokes", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps);
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId: region.id, startTime: new Date("2026-08-02T17:00:00Z"), maxPlayers: 10 });

    const guest = httpClient(deps);
    const joined = await guest.graphql<{ participateInGame: { participation: { queue: boolean; guestProfile: { firstName: string } }; guestToken: string } }>(
      `mutation($g: ID!) { participateInGame(gameId: $g, firstName: "Lou", deviceToken: "dev-lou") { participation { id queue paymentStatus guestProfile { id firstName } } guestToken } }`,
      { g: game.id },
    );
    expect(joined.body.errors).toBeUndefined();
    expect(joined.body.data!.participateInGame.participation).toMatchObject({ queue: false, guestProfile: { firstName: "Lou" } });

    const subscribed = await guest.graphql<{ checkIfDeviceTokenIsSubscribedToGame: { subscribed: boolean } }>(
      `query($g: ID!) { checkIfDeviceTokenIsSubscribedToGame(gameId: $g, deviceToken: "dev-lou") { subscribed } }`,
      { g: game.id },
    );
    expect(subscribed.body.data!.checkIfDeviceTokenIsSubscribedToGame.subscribed).toBe(true);

    const p = await signedIn();
    const pj = await p.client.graphql(`mutation($g: ID!) { participateInGame(gameId: $g, playerCount: 2) { participation { playerCount } } }`, { g: game.id });
    expect(pj.body.errors).toBeUndefined();

    const removed = await host.client.graphql(
      `mutation($g: ID!) { revokeGameParticipation(gameId: $g, playerName: "lou", playerRemovalReason: "FRIEND_PLAYS_INSTEAD") { ok } }`,
      { g: game.id },
    );
    expect(removed.body.errors).toBeUndefined();
    const again = await host.client.graphql(
      `mutation($g: ID!) { revokeGameParticipation(gameId: $g, playerName: "lou", playerRemovalReason: "FRIEND_PLAYS_INSTEAD") { ok } }`,
      { g: game.id },
    );
    expect(again.body.errors?.[0]?.extensions.code).toBe("PARTICIPATION_NOT_FOUND");
    // A guest name with a control character is refused by its schema, never handed to the database.
    const nul = await host.client.graphql(
      `mutation($g: ID!, $n: String) { revokeGameParticipation(gameId: $g, playerName: $n, playerRemovalReason: "FRIEND_PLAYS_INSTEAD") { ok } }`,
      { g: game.id, n: "lo\u0000u" },
    );
    expect(nul.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "playerName", code: "name_invalid_chars" }] });

    const own = await p.client.graphql(`mutation($g: ID!) { revokeGameParticipation(gameId: $g) { ok } }`, { g: game.id });
    expect(own.body.errors).toBeUndefined();
    const page = await p.client.graphql<{ retrieveGame: { participantsAmount: number } }>(`query($g: ID!) { retrieveGame(id: $g) { participantsAmount } }`, {
      g: game.id,
    });
    expect(page.body.data!.retrieveGame.participantsAmount).toBe(1);
  });

  test("joining errors keep their codes", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps);
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId: region.id, startTime: new Date("2026-08-03T17:00:00Z"), maxPlayers: 1 });
    const r = await httpClient(deps).graphql(`mutation($g: ID!) { participateInGame(gameId: $g, firstName: "Ben", deviceToken: "d") { guestToken } }`, { g: game.id });
    expect(r.body.errors?.[0]?.extensions.code).toBe("NOT_ENOUGH_PLACES");
    const profile = await httpClient(deps).graphql(`{ guestProfile(id: 987654) { id } }`);
    expect(profile.body.errors?.[0]?.extensions.code).toBe("GUEST_NOT_FOUND");
  });
});

describe("GraphQL chat operations", () => {
  test("createDirectMessage, myDirectMessages, myUnreadMessagesCount, markConversationAsRead, myChats", async () => {
    testClock.freeze(NOW);
    const a = await signedIn();
    const b = await signedIn();
    const sent = await a.client.graphql(`mutation($r: ID!) { createDirectMessage(receiverId: $r, text: "Hallo <b>Du</b>") { id } }`, { r: b.user.id });
    expect(sent.body.errors).toBeUndefined();
    const self = await a.client.graphql(`mutation($r: ID!) { createDirectMessage(receiverId: $r, text: "ich") { id } }`, { r: a.user.id });
    expect(self.body.errors?.[0]?.message).toBe("You cannot send messages to yourself");
    const count = await b.client.graphql<{ myUnreadMessagesCount: number }>(`{ myUnreadMessagesCount }`);
    expect(count.body.data?.myUnreadMessagesCount).toBe(1);
    const msgs = await b.client.graphql<{ myDirectMessages: { objects: { text: string }[] } }>(`query($p: ID!) { myDirectMessages(partnerId: $p) { objects { text read } hasNext } }`, { p: a.user.id });
    expect(msgs.body.data?.myDirectMessages.objects[0]?.text).toBe("Hallo Du");
    await b.client.graphql(`mutation($s: ID!) { markConversationAsRead(senderId: $s) { ok } }`, { s: a.user.id });
    const chats = await b.client.graphql<{ myChats: { unreadCount: number }[] }>(`{ myChats { partner { id } unreadCount latestMessage { text fromMe } } }`);
    expect(chats.body.data?.myChats[0]?.unreadCount).toBe(0);
  });
});
