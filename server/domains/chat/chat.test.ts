import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});

const NOW = new Date("2026-12-01T10:00:00Z");

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(deps, { emailVerifiedAt: NOW, ...values });
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return { user, caller: (await callerFor(deps, { token: a.cookies.token })).caller };
}


describe("game chat", () => {
  test("one comment per 10 seconds, HTML stripped, system lines for joins and cancellations", async () => {
    testClock.freeze(NOW);
    const host = await signedIn({ firstName: "Hanna" });
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-12-02T18:00:00Z") });
    await host.caller.chat.createComment({ gameId: game.id, text: "<b>Bringt</b> Wasser mit!<script>x</script>" });
    testClock.advance(9_999);
    expect(await errorData(host.caller.chat.createComment({ gameId: game.id, text: "Noch was" }))).toMatchObject({ code: "COMMENT_RATE_LIMITED" });
    testClock.advance(2);
    await host.caller.chat.createComment({ gameId: game.id, text: "Noch was" });
    const player = await signedIn({ firstName: "Paul" });
    await player.caller.participation.join({ gameId: game.id });
    await player.caller.participation.revoke({ gameId: game.id });
    const comments = await (await callerFor(deps)).caller.chat.gameComments({ gameId: game.id });
    expect(comments.map((c) => [c.isSystemMessage, c.text, c.name])).toEqual([
      [false, "Bringt Wasser mit!x", null],
      [false, "Noch was", null],
      [true, "joined", "Paul"],
      [true, "cancelled", "Paul"],
    ]);
    expect(comments[0]!.creator?.firstName).toBe("Hanna");
  });

  test("guests need a name and notifications; limits and length are checked", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-12-03T18:00:00Z") });
    const guest = (await callerFor(deps)).caller;
    expect(await errorData(guest.chat.createComment({ gameId: game.id, text: "Hallo" }))).toMatchObject({ code: "COMMENT_NAME_REQUIRED" });
    expect(await errorData(guest.chat.createComment({ gameId: game.id, text: "Hallo", name: "Gast" }))).toMatchObject({ code: "COMMENT_NEEDS_NOTIFICATIONS" });
    await guest.chat.createComment({ gameId: game.id, text: "Hallo", name: "Gast", deviceToken: "dev-gast" });
    expect(await errorData(guest.chat.createComment({ gameId: game.id, text: "Nochmal", name: "Gast", deviceToken: "dev-gast" }))).toMatchObject({ code: "COMMENT_RATE_LIMITED" });
    expect(await errorData(host.caller.chat.createComment({ gameId: game.id, text: "x".repeat(10_000) }))).toEqual({ code: "VALIDATION", fields: [{ path: "text", code: "message_too_long" }] });
    // Over 10,000 characters the schema refuses (a ZodError) before the service reads the text; the client reads the same answer.
    expect(await errorData(host.caller.chat.createComment({ gameId: game.id, text: "x".repeat(10_001) }))).toEqual({ code: "VALIDATION", fields: [{ path: "text", code: "message_too_long" }] });
    expect(await errorData(host.caller.chat.createComment({ gameId: game.id, text: "x".repeat(10_001) }))).toEqual({ code: "VALIDATION", fields: [{ path: "text", code: "message_too_long" }] });
    expect(await errorData(host.caller.chat.createComment({ gameId: game.id, text: "x".repeat(501) }))).toEqual({ code: "VALIDATION", fields: [{ path: "text", code: "message_too_long" }] });
    expect(await errorData(host.caller.chat.createComment({ gameId: game.id, text: "<p> </p>" }))).toEqual({ code: "VALIDATION", fields: [{ path: "text", code: "message_required" }] });
    expect(await errorData(host.caller.chat.createComment({ gameId: 99999999, text: "hallo" }))).toMatchObject({ code: "GAME_NOT_FOUND" });
  });
});

describe("direct messages", () => {
  test("one per 3 seconds, not to oneself, not to unknown users; read marks and unread counts", async () => {
    testClock.freeze(NOW);
    const anna = await signedIn({ firstName: "Anna" });
    const ben = await signedIn({ firstName: "Ben" });
    expect(await errorData(anna.caller.chat.createDirectMessage({ receiverId: anna.user.id, text: "hi" }))).toMatchObject({ code: "MESSAGE_TO_SELF" });
    expect(await errorData(anna.caller.chat.createDirectMessage({ receiverId: 99999999, text: "hi" }))).toMatchObject({ code: "RECEIVER_NOT_FOUND" });
    await anna.caller.chat.createDirectMessage({ receiverId: ben.user.id, text: "Spielst Du morgen?" });
    testClock.advance(2_999);
    expect(await errorData(anna.caller.chat.createDirectMessage({ receiverId: ben.user.id, text: "?" }))).toMatchObject({ code: "DIRECT_MESSAGE_RATE_LIMITED" });
    testClock.advance(1);
    await anna.caller.chat.createDirectMessage({ receiverId: ben.user.id, text: "Sag Bescheid" });
    expect((await ben.caller.chat.unreadCount()).directMessages).toBe(2);
    const chats = await ben.caller.chat.myChats();
    expect(chats[0]).toMatchObject({ partner: { id: anna.user.id }, latestMessage: { text: "Sag Bescheid", fromMe: false }, unreadCount: 2 });
    const page = await ben.caller.chat.directMessages({ partnerId: anna.user.id, pageSize: 1 });
    expect(page).toMatchObject({ hasNext: true, objects: [{ text: "Sag Bescheid", read: false }] });
    await ben.caller.chat.markConversationAsRead({ senderId: anna.user.id });
    expect((await ben.caller.chat.unreadCount()).directMessages).toBe(0);
    expect((await anna.caller.chat.myChats())[0]).toMatchObject({ partner: { id: ben.user.id }, unreadCount: 0, latestMessage: { fromMe: true } });
  });

  test("current game chats list the games a player follows with their comment ids", async () => {
    testClock.freeze(NOW);
    const host = await signedIn();
    const p = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-12-04T18:00:00Z") });
    await p.caller.participation.join({ gameId: game.id });
    const { id } = await host.caller.chat.createComment({ gameId: game.id, text: "Wer bringt den Ball?" });
    const unread = await p.caller.chat.unreadCount();
    expect(unread.currentGameChats.find((c) => c.gameId === game.id)).toMatchObject({ latestCommentId: id, commentIds: [id] });
  });

  test("each game chat names the user's role and previews the newest comment, not a system line", async () => {
    testClock.freeze(NOW);
    const host = await signedIn({ firstName: "Hanna" });
    const player = await signedIn({ firstName: "Paul" });
    const waiter = await signedIn({ firstName: "Wanda" });
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-12-05T18:00:00Z") });
    const quiet = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-12-06T18:00:00Z") });
    const { participations } = await import("../../db/schema");
    await deps.db.insert(participations).values([
      { gameId: game.id, userId: player.user.id, playerCount: 1 },
      { gameId: game.id, userId: waiter.user.id, playerCount: 1, queue: true },
    ]);
    await player.caller.chat.createComment({ gameId: game.id, text: "Erster!" });
    testClock.advance(11_000);
    const { id } = await host.caller.chat.createComment({ gameId: game.id, text: "Ich bringe den Ball mit" });
    // A system line after it does not become the preview.
    await (await import("./repo")).insertComment(deps.db, { gameId: game.id, text: "joined", name: "Paul", isSystemMessage: true });

    const of = async (who: typeof host, gameId: number) => (await who.caller.chat.unreadCount()).currentGameChats.find((c) => c.gameId === gameId);
    expect(await of(host, game.id)).toMatchObject({
      role: "organising",
      latestCommentId: id,
      latestComment: { text: "Ich bringe den Ball mit", authorName: "Hanna", fromMe: true },
    });
    expect(await of(player, game.id)).toMatchObject({ role: "playing", latestComment: { authorName: "Hanna", fromMe: false } });
    expect(await of(waiter, game.id)).toMatchObject({ role: "waiting", latestComment: { text: "Ich bringe den Ball mit" } });
    expect(await of(host, quiet.id)).toMatchObject({ role: "organising", latestComment: null, latestCommentId: null, commentIds: [] });
  });

  test("the games followed: organised, played or waited for, from 7 days after the start on; not left, not others'", async () => {
    testClock.freeze(NOW);
    const me = await signedIn();
    const other = await signedIn();
    const day = 86400_000;
    const at = (days: number) => new Date(NOW.getTime() + days * day);
    const organised = await createGameRow(deps, { creatorId: me.user.id, regionId, startTime: at(3) }); // and plays in it: listed once
    const organisedLongAgo = await createGameRow(deps, { creatorId: me.user.id, regionId, startTime: at(-8) });
    const played = await createGameRow(deps, { creatorId: other.user.id, regionId, startTime: at(-6) });
    const waited = await createGameRow(deps, { creatorId: other.user.id, regionId, startTime: at(2) });
    const left = await createGameRow(deps, { creatorId: other.user.id, regionId, startTime: at(4) });
    const notMine = await createGameRow(deps, { creatorId: other.user.id, regionId, startTime: at(5) }); // its organiser plays
    const playedLongAgo = await createGameRow(deps, { creatorId: other.user.id, regionId, startTime: at(-9) });
    const { participations } = await import("../../db/schema");
    await deps.db.insert(participations).values([
      { gameId: played.id, userId: me.user.id, playerCount: 1 },
      { gameId: waited.id, userId: me.user.id, playerCount: 1, queue: true },
      { gameId: left.id, userId: me.user.id, playerCount: 1, cancelledAt: NOW },
      { gameId: playedLongAgo.id, userId: me.user.id, playerCount: 1 },
    ]);
    const chats = (await me.caller.chat.unreadCount()).currentGameChats;
    expect(chats.map((c) => [c.gameId, c.role])).toEqual([
      [played.id, "playing"],
      [waited.id, "waiting"],
      [organised.id, "organising"],
    ]);
    expect(chats.map((c) => c.gameId)).not.toContain(organisedLongAgo.id);
    expect(chats.map((c) => c.gameId)).not.toContain(notMine.id);
  });

  test("a long chat counts only the lines its screen shows (the newest 200), so reading it clears the count", async () => {
    testClock.freeze(NOW);
    const host = await signedIn({ firstName: "Hanna" });
    const player = await signedIn();
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-12-07T18:00:00Z") });
    await player.caller.participation.join({ gameId: game.id }); // a system line, shown and never counted
    const { gameComments } = await import("../../db/schema");
    // 230 lines a minute apart, then the join's line is older than all of them
    const start = NOW.getTime() + 60_000;
    await deps.db.insert(gameComments).values(
      Array.from({ length: 230 }, (_, i) => ({ gameId: game.id, userId: host.user.id, text: `Zeile ${i + 1}`, createdAt: new Date(start + i * 60_000) })),
    );
    const shown = await player.caller.chat.gameComments({ gameId: game.id });
    expect(shown).toHaveLength(200);
    const chat = (await player.caller.chat.unreadCount()).currentGameChats.find((c) => c.gameId === game.id)!;
    // exactly the lines the chat shows (what the client marks read when it opens it), oldest first
    expect(chat.commentIds).toEqual(shown.filter((c) => !c.isSystemMessage).map((c) => c.id));
    expect(chat.commentIds).toHaveLength(200);
    expect(shown.at(-1)!.text).toBe("Zeile 230");
    expect(chat).toMatchObject({ latestCommentId: shown.at(-1)!.id, latestComment: { text: "Zeile 230", authorName: "Hanna", fromMe: false } });
  });
});

describe("game mates", () => {
  test("people who played in the same games, not cancelled ones, newest first", async () => {
    testClock.freeze(NOW);
    const me = await signedIn();
    const host = await signedIn({ firstName: "Gastgeber" });
    const mate = await signedIn({ firstName: "Mitspieler" });
    const gone = await signedIn({ firstName: "Abgesagt" });
    const game = await createGameRow(deps, { creatorId: host.user.id, regionId, startTime: new Date("2026-11-20T18:00:00Z") });
    const { participations } = await import("../../db/schema");
    await deps.db.insert(participations).values([
      { gameId: game.id, userId: me.user.id },
      { gameId: game.id, userId: mate.user.id },
      { gameId: game.id, userId: gone.user.id, cancelledAt: NOW },
    ]);
    const mates = await me.caller.chat.myGameMates();
    expect(mates.map((p) => p.firstName).sort()).toEqual(["Gastgeber", "Mitspieler"]);
  });
});
