import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { marketingMessages, participations } from "../db/schema";
import * as gamesRepo from "../domains/games/repo";
import { connectAccount } from "../testing/payment-fixtures";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's game-side calls (spec 000 section 7), each sent with exactly the documented
 * arguments, variables named as documented and ids as strings, as the wrapper sends them; each
 * asserts the fields the spec names in the answer. Nothing here may send an argument the spec does
 * not list (the wrapper-*.test.ts rule, server/graphql/README.md).
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const NOW = new Date("2026-09-01T08:00:00Z");
const HOUR = 3600_000;

type Client = ReturnType<typeof httpClient>;

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: NOW, ...values });
  const client = httpClient(deps);
  await client.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, {
    email: user.email,
    password: FACTORY_PASSWORD,
  });
  return { user, client, id: String(user.id) };
}

/** Sends a call and expects an answer without errors. */
async function ok<T = Record<string, any>>(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { body } = await client.graphql<T>(query, variables);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** Sends a call and returns the first error's code. */
async function failure(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await client.graphql(query, variables);
  return body.errors?.[0]?.extensions.code;
}

const PARTICIPATE = `mutation($gameId: ID!, $playerCount: Int, $bringsBall: Boolean, $bringsBibs: Boolean, $firstName: String, $queue: Boolean,
  $deviceToken: String, $messagingLanguage: String, $playsHimself: Boolean) {
  participateInGame(gameId: $gameId, playerCount: $playerCount, bringsBall: $bringsBall, bringsBibs: $bringsBibs, firstName: $firstName,
    queue: $queue, deviceToken: $deviceToken, messagingLanguage: $messagingLanguage, playsHimself: $playsHimself) {
    participation { id queue paymentStatus guestProfile { firstName } }
  }
}`;

const UPDATE_PARTICIPATION = `mutation($participationId: ID!, $payed: Int, $playerCount: Int, $bringsBibs: Boolean, $bringsBall: Boolean,
  $paymentStatus: String, $queue: Boolean, $playerRemovalReason: String, $playerRemovalMessage: String, $playsHimself: Boolean,
  $deviceToken: String, $userAgent: String) {
  updateParticipation(participationId: $participationId, payed: $payed, playerCount: $playerCount, bringsBibs: $bringsBibs,
    bringsBall: $bringsBall, paymentStatus: $paymentStatus, queue: $queue, playerRemovalReason: $playerRemovalReason,
    playerRemovalMessage: $playerRemovalMessage, playsHimself: $playsHimself, deviceToken: $deviceToken, userAgent: $userAgent) {
    participation { id queue paymentStatus playerCount }
  }
}`;

const REGISTER_DEVICE = `mutation($deviceToken: String!, $platform: String, $language: String!) {
  registerNativeDevice(deviceToken: $deviceToken, platform: $platform, language: $language) { deviceToken }
}`;

const ATTACH = `mutation($participationIds: [ID!]) { attachGuestParticipationsToMyAccount(participationIds: $participationIds) { attached } }`;

const RETRIEVE = `query($id: ID!) {
  retrieveGame(id: $id) {
    id startTime cancelledAt participantsAmount minPlayers maxPlayers description
    participations { id playerCount queue player { id firstName reliabilityRating } firstName guestProfile { id firstName reliabilityRating } }
    comments { id isSystemMessage name text createdAt creator { id firstName } }
  }
}`;

async function gameOf(host: { user: { id: number } }, values: Partial<Parameters<typeof createGameRow>[1]> = {}) {
  const region = await createRegion(deps);
  return createGameRow(deps, { creatorId: host.user.id, regionId: region.id, startTime: new Date(NOW.getTime() + 48 * HOUR), maxPlayers: 10, ...values });
}

describe("the native wrapper's game calls", () => {
  test("createGame, retrieveGame, searchGames, updateGame, updateGame for 'takes place', cancelGame", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps, { latitude: 48.14, longitude: 11.58 });
    const court = await createCourt(deps, { regionId: region.id, latitude: 48.141, longitude: 11.581 });
    const host = await signedIn({ regionId: region.id });

    const created = await ok<{ createGame: { id: string } }>(
      host.client,
      `mutation($description: String, $descriptionEn: String, $minPlayers: Int, $maxPlayers: Int, $startTime: DateTime!, $courtId: ID,
        $price: Float, $level: String, $gender: String, $isManagedPayment: Boolean, $duration: Int, $teams: Int, $isRecurringGame: Boolean,
        $gameType: String, $title: String, $gameTemplateId: ID, $isOrganizationGame: Boolean, $instantCapture: Boolean, $gameMode: Int,
        $externalPaymentRequestsAllowed: Boolean, $deviceToken: String, $userAgent: String) {
        createGame(description: $description, descriptionEn: $descriptionEn, minPlayers: $minPlayers, maxPlayers: $maxPlayers,
          startTime: $startTime, courtId: $courtId, price: $price, level: $level, gender: $gender, isManagedPayment: $isManagedPayment,
          duration: $duration, teams: $teams, isRecurringGame: $isRecurringGame, gameType: $gameType, title: $title,
          gameTemplateId: $gameTemplateId, isOrganizationGame: $isOrganizationGame, instantCapture: $instantCapture, gameMode: $gameMode,
          externalPaymentRequestsAllowed: $externalPaymentRequestsAllowed, deviceToken: $deviceToken, userAgent: $userAgent) { id }
      }`,
      {
        description: "Feierabendkick",
        descriptionEn: null,
        minPlayers: 10,
        maxPlayers: 12,
        startTime: "2026-09-02T17:00:00.000Z",
        courtId: String(court.id),
        price: 0,
        level: "ALL",
        gender: "MIXED",
        isManagedPayment: false,
        duration: 90,
        teams: 2,
        isRecurringGame: false,
        gameType: "PUBLIC",
        title: null,
        gameTemplateId: null,
        isOrganizationGame: false,
        instantCapture: false,
        gameMode: 5,
        externalPaymentRequestsAllowed: false,
        deviceToken: "fcm-host-device",
        userAgent: "Kickrunde/3.1 (iPhone)",
      },
    );
    const id = created.createGame.id;
    expect(id).toMatch(/^[0-9]+$/);

    const page = await ok<{ retrieveGame: Record<string, any> }>(host.client, RETRIEVE, { id });
    expect(page.retrieveGame).toMatchObject({ id, participantsAmount: 1, minPlayers: 10, maxPlayers: 12 });
    expect(page.retrieveGame.participations).toHaveLength(1);
    expect(page.retrieveGame.comments).toEqual([]);

    const found = await ok<{ searchGames: { id: string }[] }>(
      httpClient(deps),
      `query($longitude: Float!, $latitude: Float!, $startTime: DateTime, $distance: Float) {
        searchGames(longitude: $longitude, latitude: $latitude, startTime: $startTime, distance: $distance) { id startTime court { id name } }
      }`,
      { longitude: 11.58, latitude: 48.14, startTime: NOW.toISOString(), distance: 10 },
    );
    expect(found.searchGames.map((g) => g.id)).toContain(id);

    const updated = await ok<{ updateGame: { game: Record<string, unknown> } }>(
      host.client,
      `mutation($gameId: ID!, $updateFutureGames: Boolean, $removeMaxPlayers: Boolean, $description: String, $descriptionEn: String,
        $minPlayers: Int, $maxPlayers: Int, $startTime: DateTime, $courtId: ID, $price: Float, $level: String, $gender: String,
        $isManagedPayment: Boolean, $duration: Int, $teams: Int, $gameType: String, $title: String, $isOrganizationGame: Boolean,
        $instantCapture: Boolean, $gameMode: Int, $externalPaymentRequestsAllowed: Boolean, $isRecurringGame: Boolean, $gameTemplateId: ID,
        $deviceToken: String, $userAgent: String) {
        updateGame(gameId: $gameId, updateFutureGames: $updateFutureGames, removeMaxPlayers: $removeMaxPlayers, description: $description,
          descriptionEn: $descriptionEn, minPlayers: $minPlayers, maxPlayers: $maxPlayers, startTime: $startTime, courtId: $courtId,
          price: $price, level: $level, gender: $gender, isManagedPayment: $isManagedPayment, duration: $duration, teams: $teams,
          gameType: $gameType, title: $title, isOrganizationGame: $isOrganizationGame, instantCapture: $instantCapture, gameMode: $gameMode,
          externalPaymentRequestsAllowed: $externalPaymentRequestsAllowed, isRecurringGame: $isRecurringGame, gameTemplateId: $gameTemplateId,
          deviceToken: $deviceToken, userAgent: $userAgent) { game { id maxPlayers description duration } }
      }`,
      {
        gameId: id,
        updateFutureGames: false,
        removeMaxPlayers: true,
        description: "Feierabendkick, Leibchen vorhanden",
        descriptionEn: null,
        minPlayers: 10,
        maxPlayers: null,
        startTime: "2026-09-02T17:00:00.000Z",
        courtId: String(court.id),
        price: 0,
        level: "ALL",
        gender: "MIXED",
        isManagedPayment: false,
        duration: 60,
        teams: 2,
        gameType: "PUBLIC",
        title: null,
        isOrganizationGame: false,
        instantCapture: false,
        gameMode: 5,
        externalPaymentRequestsAllowed: false,
        // "same fields" as createGame (spec 000 section 7): the editing device follows the game
        isRecurringGame: false,
        gameTemplateId: null,
        deviceToken: "push-host-editing",
        userAgent: "KickrundeApp/4.2 (Android)",
      },
    );
    expect(updated.updateGame.game).toMatchObject({ id, maxPlayers: null, description: "Feierabendkick, Leibchen vorhanden", duration: 60 });
    const following = await ok<{ checkIfDeviceTokenIsSubscribedToGame: { subscribed: boolean } }>(
      host.client,
      `query($deviceToken: String!, $gameId: ID!) { checkIfDeviceTokenIsSubscribedToGame(deviceToken: $deviceToken, gameId: $gameId) { subscribed } }`,
      { deviceToken: "push-host-editing", gameId: id },
    );
    expect(following.checkIfDeviceTokenIsSubscribedToGame.subscribed).toBe(true);

    // "Takes place" (spec 000 section 4): within 3 hours of the start, with only gameId, minPlayers and description.
    testClock.freeze(new Date("2026-09-02T15:00:00Z"));
    const confirmed = await ok<{ updateGame: { game: { minPlayers: number } } }>(
      host.client,
      `mutation($gameId: ID!, $minPlayers: Int, $description: String) {
        updateGame(gameId: $gameId, minPlayers: $minPlayers, description: $description) { game { id minPlayers } }
      }`,
      { gameId: id, minPlayers: 0, description: "Feierabendkick, Leibchen vorhanden" },
    );
    expect(confirmed.updateGame.game.minPlayers).toBe(0);
    // recorded exactly like games.confirmTakesPlace: the confirmation time and a CONFIRMED event (no CHANGED)
    expect((await gamesRepo.findGameRow(deps.db, Number(id)))!.minPlayersConfirmedAt).toEqual(new Date("2026-09-02T15:00:00Z"));
    const events = (await gamesRepo.eventsOf(deps.db, Number(id))).filter((e) => e.createdAt.getTime() === new Date("2026-09-02T15:00:00Z").getTime());
    expect(events.map((e) => [e.type, e.actorId, e.payload])).toEqual([["CONFIRMED", host.user.id, { minPlayers: 10 }]]);

    testClock.freeze(NOW);
    const cancelled = await ok<{ cancelGame: { game: Record<string, unknown> } }>(
      host.client,
      `mutation($id: ID!, $cancellationReason: String!, $cancellationMessage: String) {
        cancelGame(id: $id, cancellationReason: $cancellationReason, cancellationMessage: $cancellationMessage) {
          game { id cancelledAt cancellationReason cancellationMessage }
        }
      }`,
      { id, cancellationReason: "OTHER_REASON", cancellationMessage: "Platz gesperrt" },
    );
    expect(cancelled.cancelGame.game).toMatchObject({ id, cancellationReason: "OTHER_REASON", cancellationMessage: "Platz gesperrt" });
    expect(cancelled.cancelGame.game.cancelledAt).toBeString();
  });

  test("the rules the server enforces, through the wrapper's calls too", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps);
    const court = await createCourt(deps, { regionId: region.id });
    const host = await signedIn({ regionId: region.id });
    const CREATE = `mutation($startTime: DateTime!, $courtId: ID, $minPlayers: Int, $gameType: String) {
      createGame(startTime: $startTime, courtId: $courtId, minPlayers: $minPlayers, gameType: $gameType) { id }
    }`;
    const startTime = "2026-09-03T17:00:00.000Z";
    // a public game needs a court (the spec's own words)
    const { body } = await host.client.graphql(CREATE, { startTime, courtId: null, minPlayers: 10, gameType: "PUBLIC" });
    expect(body.errors?.[0]?.message).toBe("Can not open games that have no court specified.");
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "GAME_WITHOUT_COURT", fields: [{ path: "courtId", code: "court_required" }] });
    // the minimum is 2, on create and edit
    for (const minPlayers of [0, 1]) {
      const low = await host.client.graphql(CREATE, { startTime, courtId: String(court.id), minPlayers, gameType: "PUBLIC" });
      expect(low.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "minPlayers", code: "min_players_too_low" }] });
    }
    const game = await gameOf(host, { minPlayers: 10 });
    const UPDATE = `mutation($gameId: ID!, $minPlayers: Int, $description: String) { updateGame(gameId: $gameId, minPlayers: $minPlayers, description: $description) { game { minPlayers } } }`;
    const one = await host.client.graphql(UPDATE, { gameId: String(game.id), minPlayers: 1, description: game.description });
    expect(one.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "minPlayers", code: "min_players_too_low" }] });
    // guests join public games only
    const privateGame = await gameOf(host, { gameType: "PRIVATE" });
    const guestJoin = { gameId: String(privateGame.id), playerCount: 1, firstName: "Mats", queue: false, deviceToken: "fcm-private", playsHimself: true };
    // by its id alone a private game does not exist for outsiders (issue 23 item 11; its link's key: private-games.test.ts)
    expect(await failure(httpClient(deps), PARTICIPATE, guestJoin)).toBe("GAME_NOT_FOUND");
    // a plain player always plays himself
    const player = await signedIn();
    const notPlaying = { gameId: String(game.id), playerCount: 2, queue: false, deviceToken: "fcm-np", playsHimself: false };
    expect(await failure(player.client, PARTICIPATE, notPlaying)).toBe("PLAYS_HIMSELF_NOT_ALLOWED");
    const joined = await ok<any>(player.client, PARTICIPATE, { ...notPlaying, playsHimself: true });
    const participationId = joined.participateInGame.participation.id;
    expect(await failure(player.client, UPDATE_PARTICIPATION, { participationId, playsHimself: false })).toBe("PLAYS_HIMSELF_NOT_ALLOWED");
  });

  test("createGame takes level, gender and game type also as the spec writes them (All, Mixed, Public)", async () => {
    testClock.freeze(NOW);
    const region = await createRegion(deps);
    const court = await createCourt(deps, { regionId: region.id });
    const host = await signedIn({ regionId: region.id });
    const created = await ok<{ createGame: { id: string } }>(
      host.client,
      `mutation($startTime: DateTime!, $courtId: ID, $level: String, $gender: String, $gameType: String) {
        createGame(startTime: $startTime, courtId: $courtId, level: $level, gender: $gender, gameType: $gameType) { id }
      }`,
      { startTime: "2026-09-03T17:00:00.000Z", courtId: String(court.id), level: "All", gender: "Mixed", gameType: "Public" },
    );
    const game = await ok<any>(host.client, `query($id: ID!) { retrieveGame(id: $id) { level gender gameType } }`, { id: created.createGame.id });
    expect(game.retrieveGame).toEqual({ level: "ALL", gender: "MIXED", gameType: "PUBLIC" });
  });

  test("retrieveGame returns the game chat: comments with system lines, as the chat service shows them", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host);
    const gameId = String(game.id);
    const guest = httpClient(deps);
    await ok(guest, PARTICIPATE, { gameId, playerCount: 1, bringsBall: false, bringsBibs: false, firstName: "Jule", queue: false, deviceToken: "fcm-jule", messagingLanguage: "de", playsHimself: true });
    await ok(
      guest,
      `mutation($gameId: ID!, $text: String!, $name: String, $deviceToken: String, $messagingLanguage: String) {
        createComment(gameId: $gameId, text: $text, name: $name, deviceToken: $deviceToken, messagingLanguage: $messagingLanguage) { id }
      }`,
      { gameId, text: "Bringe <i>Hütchen</i> mit", name: "Jule", deviceToken: "fcm-jule", messagingLanguage: "de" },
    );
    await ok(host.client, `mutation($gameId: ID!, $text: String!) { createComment(gameId: $gameId, text: $text) { id } }`, { gameId, text: "Super!" });

    const page = await ok<{ retrieveGame: { comments: Record<string, any>[] } }>(httpClient(deps), RETRIEVE, { id: gameId });
    const comments = page.retrieveGame.comments;
    expect(comments.map((c) => [c.isSystemMessage, c.name, c.text])).toEqual([
      [true, "Jule", "joined"],
      [false, "Jule", "Bringe Hütchen mit"],
      [false, null, "Super!"],
    ]);
    expect(comments[2]!.creator).toEqual({ id: host.id, firstName: host.user.firstName });
    expect(comments[1]!.creator).toBeNull();
    expect(typeof comments[0]!.id).toBe("string");
    const players = (await ok<any>(host.client, RETRIEVE, { id: gameId })).retrieveGame.participations;
    expect(players.find((p: any) => p.firstName === "Jule").guestProfile).toMatchObject({ firstName: "Jule", reliabilityRating: null });
    expect(players.find((p: any) => p.player?.id === host.id)).toMatchObject({ guestProfile: null, player: { reliabilityRating: null } });
  });

  test("participateInGame, checkIfDeviceTokenIsSubscribedToGame, subscribeToGame, guestProfile", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host);
    const gameId = String(game.id);

    const guest = httpClient(deps);
    const joined = await ok<{ participateInGame: { participation: Record<string, any> } }>(guest, PARTICIPATE, {
      gameId,
      playerCount: 2,
      bringsBall: true,
      bringsBibs: false,
      firstName: "Mats",
      queue: false,
      deviceToken: "fcm-mats",
      messagingLanguage: "de",
      playsHimself: true,
    });
    expect(joined.participateInGame.participation).toMatchObject({ queue: false, paymentStatus: "None", guestProfile: { firstName: "Mats" } });

    const player = await signedIn();
    const own = await ok<{ participateInGame: { participation: Record<string, any> } }>(player.client, PARTICIPATE, {
      gameId,
      playerCount: 1,
      bringsBall: false,
      bringsBibs: false,
      firstName: null,
      queue: false,
      deviceToken: "fcm-player",
      messagingLanguage: "en",
      playsHimself: true,
    });
    expect(own.participateInGame.participation).toMatchObject({ queue: false, paymentStatus: "None", guestProfile: null });

    const CHECK = `query($deviceToken: String!, $gameId: ID!) { checkIfDeviceTokenIsSubscribedToGame(deviceToken: $deviceToken, gameId: $gameId) { subscribed } }`;
    expect((await ok<any>(guest, CHECK, { deviceToken: "fcm-mats", gameId })).checkIfDeviceTokenIsSubscribedToGame.subscribed).toBe(true);
    expect((await ok<any>(guest, CHECK, { deviceToken: "fcm-stranger", gameId })).checkIfDeviceTokenIsSubscribedToGame.subscribed).toBe(false);
    await ok(
      httpClient(deps),
      `mutation($deviceToken: String!, $userAgent: String, $gameId: ID!) { subscribeToGame(deviceToken: $deviceToken, userAgent: $userAgent, gameId: $gameId) { ok } }`,
      { deviceToken: "fcm-stranger", userAgent: "Kickrunde/3.1 (Android)", gameId },
    );
    expect((await ok<any>(guest, CHECK, { deviceToken: "fcm-stranger", gameId })).checkIfDeviceTokenIsSubscribedToGame.subscribed).toBe(true);

    const [row] = await deps.db.select().from(participations).where(eq(participations.id, Number(joined.participateInGame.participation.id)));
    testClock.freeze(game.startTime); // attended games are games that have started
    const profile = await ok<{ guestProfile: Record<string, any> }>(
      httpClient(deps),
      `query($id: ID!, $attendedGamesPageSize: Int) {
        guestProfile(id: $id, attendedGamesPageSize: $attendedGamesPageSize) {
          id firstName createdAt reliabilityRating punctualityRating attendedGames { objects { id startTime } hasNext }
        }
      }`,
      { id: String(row!.guestProfileId), attendedGamesPageSize: 5 },
    );
    expect(profile.guestProfile).toMatchObject({ id: String(row!.guestProfileId), firstName: "Mats", reliabilityRating: null, punctualityRating: null });
    expect(profile.guestProfile.attendedGames).toEqual({ objects: [{ id: gameId, startTime: game.startTime.toISOString() }], hasNext: false });
  });

  test("updateParticipation with the documented fields: the owner's changes and device, the organiser's queue and removal", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host, { maxPlayers: 3 });
    const gameId = String(game.id);
    const player = await signedIn();
    const joined = await ok<any>(player.client, PARTICIPATE, { gameId, playerCount: 1, bringsBall: false, bringsBibs: false, queue: false, deviceToken: "fcm-a", messagingLanguage: "de", playsHimself: true });
    const participationId: string = joined.participateInGame.participation.id;

    // The owner's form sends the whole participation and the device it is on.
    const changed = await ok<any>(player.client, UPDATE_PARTICIPATION, {
      participationId,
      playerCount: 2,
      bringsBibs: true,
      bringsBall: true,
      playsHimself: true,
      deviceToken: "fcm-b",
      userAgent: "Kickrunde/3.1 (iPhone)",
    });
    expect(changed.updateParticipation.participation).toMatchObject({ id: participationId, playerCount: 2, queue: false, paymentStatus: "None" });
    const [stored] = await deps.db.select().from(participations).where(eq(participations.id, Number(participationId)));
    expect(stored).toMatchObject({ deviceToken: "fcm-b", notificationsEnabled: true, bringsBall: true, bringsBibs: true });
    const check = await ok<any>(player.client, `query($deviceToken: String!, $gameId: ID!) { checkIfDeviceTokenIsSubscribedToGame(deviceToken: $deviceToken, gameId: $gameId) { subscribed } }`, {
      deviceToken: "fcm-b",
      gameId,
    });
    expect(check.checkIfDeviceTokenIsSubscribedToGame.subscribed).toBe(true);

    // The organiser moves the player of the full game to the end of the waiting list (behind someone
    // waiting, who then moves up); the organiser's device does not become the player's.
    const waiter = await signedIn();
    const waiting = await ok<any>(waiter.client, PARTICIPATE, { gameId, playerCount: 1, queue: true, deviceToken: "fcm-w", playsHimself: true });
    expect(waiting.participateInGame.participation.queue).toBe(true);
    const queued = await ok<any>(host.client, UPDATE_PARTICIPATION, { participationId, queue: true, deviceToken: "fcm-host" });
    expect(queued.updateParticipation.participation.queue).toBe(true);
    const [after] = await deps.db.select().from(participations).where(eq(participations.id, Number(participationId)));
    expect(after!.deviceToken).toBe("fcm-b");

    // Removal through updateParticipation: the same rules as revokeGameParticipation.
    const { body: noReason } = await host.client.graphql(UPDATE_PARTICIPATION, { participationId, playerRemovalMessage: "Bitte nicht mehr" });
    expect(noReason.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: [{ path: "playerRemovalReason", code: "reason_required" }] });
    const { body: noMessage } = await host.client.graphql(UPDATE_PARTICIPATION, { participationId, playerRemovalReason: "OTHER_REASON" });
    expect(noMessage.errors?.[0]?.extensions.fields).toEqual([{ path: "playerRemovalMessage", code: "message_required" }]);
  });

  test("updateParticipation removes a player for the organiser: banned from rejoining, never within 4 hours, never by another player", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host);
    const gameId = String(game.id);
    const player = await signedIn();
    const other = await signedIn();
    const joined = await ok<any>(player.client, PARTICIPATE, { gameId, playerCount: 1, queue: false, deviceToken: "fcm-p", playsHimself: true });
    const participationId: string = joined.participateInGame.participation.id;
    await ok(other.client, PARTICIPATE, { gameId, playerCount: 1, queue: false, deviceToken: "fcm-o", playsHimself: true });

    expect(await failure(other.client, UPDATE_PARTICIPATION, { participationId, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" })).toBe("PARTICIPATION_FORBIDDEN");

    testClock.freeze(new Date(game.startTime.getTime() - 3 * HOUR));
    expect(await failure(host.client, UPDATE_PARTICIPATION, { participationId, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" })).toBe("REMOVAL_TOO_LATE");

    testClock.freeze(NOW);
    const removed = await ok<any>(host.client, UPDATE_PARTICIPATION, {
      participationId,
      playerRemovalReason: "OTHER_REASON",
      playerRemovalMessage: "Wir sind schon genug",
    });
    expect(removed.updateParticipation.participation.id).toBe(participationId);
    const [row] = await deps.db.select().from(participations).where(eq(participations.id, Number(participationId)));
    expect(row).toMatchObject({ banned: true, removalReason: "OTHER_REASON", removalMessage: "Wir sind schon genug" });
    expect(row!.cancelledAt).not.toBeNull();
    expect(await failure(player.client, PARTICIPATE, { gameId, playerCount: 1, queue: false, deviceToken: "fcm-p", playsHimself: true })).toBe("BANNED_FROM_GAME");
  });

  test("payed: the organiser marks a managed-payment participation paid (PaidExternally) where the payment rules allow it", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    await connectAccount(deps, host.user.id); // joining makes a reservation: Open (domains/participation/payment.ts)
    const game = await gameOf(host, { isManagedPayment: true, priceCents: 500 });
    const player = await signedIn();
    const joined = await ok<any>(player.client, PARTICIPATE, { gameId: String(game.id), playerCount: 2, queue: false, deviceToken: "fcm-pay", playsHimself: true });
    const participationId: string = joined.participateInGame.participation.id;
    expect(joined.participateInGame.participation.paymentStatus).toBe("Open");

    // the player cannot mark himself paid
    expect(await failure(player.client, UPDATE_PARTICIPATION, { participationId, payed: 2 })).toBe("PARTICIPATION_FORBIDDEN");
    // fewer than all of the participation's players paid: nothing changes
    const partly = await ok<any>(host.client, UPDATE_PARTICIPATION, { participationId, payed: 1 });
    expect(partly.updateParticipation.participation.paymentStatus).toBe("Open");
    const paid = await ok<any>(host.client, UPDATE_PARTICIPATION, { participationId, payed: 2 });
    expect(paid.updateParticipation.participation.paymentStatus).toBe("PaidExternally");
    // PaidExternally is final
    expect(await failure(host.client, UPDATE_PARTICIPATION, { participationId, payed: 0 })).toBe("PAYMENT_TRANSITION_NOT_ALLOWED");
    const again = await ok<any>(host.client, UPDATE_PARTICIPATION, { participationId, payed: 2 });
    expect(again.updateParticipation.participation.paymentStatus).toBe("PaidExternally");

    // a game without managed payment has no payment status to change
    const plain = await gameOf(host, { startTime: new Date(NOW.getTime() + 96 * HOUR) });
    const other = await ok<any>(player.client, PARTICIPATE, { gameId: String(plain.id), playerCount: 1, queue: false, deviceToken: "fcm-pay", playsHimself: true });
    expect(await failure(host.client, UPDATE_PARTICIPATION, { participationId: other.participateInGame.participation.id, payed: 1 })).toBe(
      "PAYMENT_TRANSITION_NOT_ALLOWED",
    );
  });

  test("revokeGameParticipation by userId and by playerName, addParticipation", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host);
    const gameId = String(game.id);
    const player = await signedIn();
    await ok(player.client, PARTICIPATE, { gameId, playerCount: 1, queue: false, deviceToken: "fcm-r", playsHimself: true });
    await ok(httpClient(deps), PARTICIPATE, { gameId, playerCount: 1, firstName: "Kim", queue: false, deviceToken: "fcm-kim", playsHimself: true });

    const REVOKE = `mutation($gameId: ID!, $userId: ID, $playerName: String, $playerRemovalReason: String, $playerRemovalMessage: String) {
      revokeGameParticipation(gameId: $gameId, userId: $userId, playerName: $playerName, playerRemovalReason: $playerRemovalReason,
        playerRemovalMessage: $playerRemovalMessage) { ok }
    }`;
    expect((await ok<any>(host.client, REVOKE, { gameId, userId: player.id, playerRemovalReason: "RELIABILITY_RATING_TOO_BAD", playerRemovalMessage: null })).revokeGameParticipation.ok).toBe(true);
    expect((await ok<any>(host.client, REVOKE, { gameId, playerName: "Kim", playerRemovalReason: "OTHER_REASON", playerRemovalMessage: "Doppelt angemeldet" })).revokeGameParticipation.ok).toBe(true);

    const added = await ok<any>(
      host.client,
      `mutation($gameId: ID!, $bringsBall: Boolean, $bringsBibs: Boolean, $playerCount: Int!, $playsHimself: Boolean) {
        addParticipation(gameId: $gameId, bringsBall: $bringsBall, bringsBibs: $bringsBibs, playerCount: $playerCount, playsHimself: $playsHimself) { ok }
      }`,
      { gameId, bringsBall: true, bringsBibs: false, playerCount: 3, playsHimself: true },
    );
    expect(added.addParticipation.ok).toBe(true);
    const page = await ok<any>(host.client, RETRIEVE, { id: gameId });
    expect(page.retrieveGame.participantsAmount).toBe(3);
  });

  test("sendReliabilityFeedbackForGame and createGameReport after the game", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host, { startTime: new Date(NOW.getTime() + 24 * HOUR) });
    const gameId = String(game.id);
    const player = await signedIn();
    const joined = await ok<any>(player.client, PARTICIPATE, { gameId, playerCount: 1, queue: false, deviceToken: "fcm-f", playsHimself: true });

    testClock.freeze(new Date(game.startTime.getTime() + 2 * HOUR));
    const rated = await ok<any>(
      host.client,
      `mutation($gameId: ID!, $feedback: [FeedbackItem!]!) { sendReliabilityFeedbackForGame(gameId: $gameId, feedback: $feedback) { ok } }`,
      { gameId, feedback: [{ participationId: joined.participateInGame.participation.id, reliabilityFeedback: "CAME_LATE" }] },
    );
    expect(rated.sendReliabilityFeedbackForGame.ok).toBe(true);
    const reported = await ok<any>(
      player.client,
      `mutation($gameId: ID!, $reason: String!, $additionalInformation: String!) {
        createGameReport(gameId: $gameId, reason: $reason, additionalInformation: $additionalInformation) { ok }
      }`,
      { gameId, reason: "COURT_NOT_AS_DESCRIBED", additionalInformation: "Die Tore hatten keine Netze mehr." },
    );
    expect(reported.createGameReport.ok).toBe(true);
  });

  test("chat calls: createDirectMessage, markConversationAsRead, myDirectMessages, myChats, myUnreadMessagesCount, myCurrentGameChats, myGameMates, myMarketingMessages", async () => {
    testClock.freeze(NOW);
    const a = await signedIn();
    const b = await signedIn();
    const game = await gameOf(a);
    await ok(b.client, PARTICIPATE, { gameId: String(game.id), playerCount: 1, queue: false, deviceToken: "fcm-chat", playsHimself: true });
    await deps.db.insert(marketingMessages).values({ textDe: "Neu: Wochenrunden", textEn: "New: weekly games", createdAt: NOW });

    const sent = await ok<any>(
      a.client,
      `mutation($receiverId: ID!, $text: String!, $deviceToken: String) { createDirectMessage(receiverId: $receiverId, text: $text, deviceToken: $deviceToken) { id } }`,
      { receiverId: b.id, text: "Kommst du morgen?", deviceToken: "fcm-a-phone" },
    );
    expect(sent.createDirectMessage.id).toMatch(/^[0-9]+$/);

    const unread = await ok<any>(b.client, `query { myUnreadMessagesCount myCurrentGameChats { gameId title commentIds } }`);
    expect(unread.myUnreadMessagesCount).toBe(1);
    expect(unread.myCurrentGameChats.map((c: { gameId: string }) => c.gameId)).toContain(String(game.id));

    const messages = await ok<any>(
      b.client,
      `query($pageSize: Int, $partnerId: ID!) { myDirectMessages(pageSize: $pageSize, partnerId: $partnerId) { objects { id text createdAt read isSystemMessage sender { id firstName profileImageUrl } } hasNext } }`,
      { pageSize: 50, partnerId: a.id },
    );
    expect(messages.myDirectMessages.hasNext).toBe(false);
    expect(messages.myDirectMessages.objects).toHaveLength(1);
    expect(messages.myDirectMessages.objects[0]).toMatchObject({ text: "Kommst du morgen?", read: false, isSystemMessage: false, sender: { id: a.id } });

    const read = await ok<any>(b.client, `mutation($senderId: ID!) { markConversationAsRead(senderId: $senderId) { ok } }`, { senderId: a.id });
    expect(read.markConversationAsRead.ok).toBe(true);
    expect((await ok<any>(b.client, `query { myUnreadMessagesCount }`)).myUnreadMessagesCount).toBe(0);

    const chats = await ok<any>(b.client, `query { myChats { partner { id firstName profileImageUrl } latestMessage { text createdAt } unreadCount } }`);
    expect(chats.myChats[0]).toMatchObject({ partner: { id: a.id }, latestMessage: { text: "Kommst du morgen?" }, unreadCount: 0 });

    const mates = await ok<any>(a.client, `query { myGameMates { id firstName profileImageUrl } }`);
    expect(mates.myGameMates.map((m: { id: string }) => m.id)).toContain(b.id);

    const news = await ok<any>(httpClient(deps), `query { myMarketingMessages { id textDe textEn createdAt } }`);
    expect(news.myMarketingMessages).toContainEqual(expect.objectContaining({ textDe: "Neu: Wochenrunden", textEn: "New: weekly games" }));
  });
});

describe("attachGuestParticipationsToMyAccount(participationIds)", () => {
  test("attaches a guest participation made from the caller's own registered device, never one of another device", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host);
    const otherGame = await gameOf(host);

    // On the phone, as a guest: a participation from this device; a stranger's from another device.
    const phone = httpClient(deps);
    await ok(phone, REGISTER_DEVICE, { deviceToken: "fcm-phone-of-lea", platform: "android", language: "de" });
    const mine = await ok<any>(phone, PARTICIPATE, { gameId: String(game.id), playerCount: 1, firstName: "Lea", queue: false, deviceToken: "fcm-phone-of-lea", playsHimself: true });
    const strangers = await ok<any>(httpClient(deps), PARTICIPATE, { gameId: String(otherGame.id), playerCount: 1, firstName: "Tom", queue: false, deviceToken: "fcm-phone-of-tom", playsHimself: true });
    const mineId: string = mine.participateInGame.participation.id;
    const strangersId: string = strangers.participateInGame.participation.id;

    // Lea signs in on the phone; the wrapper registers the device to her account and sends every id it kept.
    const lea = await createUser(deps, { emailVerifiedAt: NOW });
    await phone.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, { email: lea.email, password: FACTORY_PASSWORD });

    // Before the device is hers, nothing can be claimed by id.
    expect((await ok<any>(phone, ATTACH, { participationIds: [mineId] })).attachGuestParticipationsToMyAccount.attached).toEqual([]);

    await ok(phone, REGISTER_DEVICE, { deviceToken: "fcm-phone-of-lea", platform: "android", language: "de" });
    const attached = await ok<any>(phone, ATTACH, { participationIds: [mineId, strangersId, "2147483647"] });
    expect(attached.attachGuestParticipationsToMyAccount.attached).toEqual([mineId]);

    const rows = await deps.db.select().from(participations).where(eq(participations.gameId, game.id));
    expect(rows.find((r) => String(r.id) === mineId)?.userId).toBe(lea.id);
    const [tom] = await deps.db.select().from(participations).where(eq(participations.id, Number(strangersId)));
    expect(tom!.userId).toBeNull();

    // Someone else cannot take that device (it is Lea's while her session lasts), nor claim the participation.
    const mallory = await signedIn();
    expect(await failure(mallory.client, REGISTER_DEVICE, { deviceToken: "fcm-phone-of-lea", platform: "android", language: "de" })).toBe("DEVICE_TOKEN_TAKEN");
    expect((await ok<any>(mallory.client, ATTACH, { participationIds: [mineId] })).attachGuestParticipationsToMyAccount.attached).toEqual([]);
  });

  test("the web client's guest tokens keep working, and a caller without an account is refused", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await gameOf(host);
    const guest = httpClient(deps);
    const joined = await ok<any>(guest, `mutation($gameId: ID!) { participateInGame(gameId: $gameId, firstName: "Ida", deviceToken: "web-ida") { participation { id } guestToken } }`, {
      gameId: String(game.id),
    });
    const { id } = joined.participateInGame.participation;
    const token: string = joined.participateInGame.guestToken;
    expect(await failure(guest, ATTACH, { participationIds: [id] })).toBe("UNAUTHENTICATED");

    const ida = await signedIn();
    const WITH_TOKENS = `mutation($participations: [GuestParticipation!]) { attachGuestParticipationsToMyAccount(participations: $participations) { attached } }`;
    expect((await ok<any>(ida.client, WITH_TOKENS, { participations: [{ id, guestToken: "a".repeat(32) }] })).attachGuestParticipationsToMyAccount.attached).toEqual([]);
    expect((await ok<any>(ida.client, WITH_TOKENS, { participations: [{ id, guestToken: token }] })).attachGuestParticipationsToMyAccount.attached).toEqual([id]);
  });
});
