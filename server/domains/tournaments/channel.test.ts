import { describe, expect, test } from "bun:test";
import type { TournamentPaymentStatus } from "@shared/schemas/tournaments";
import type { Deps } from "../../context";
import { pushDevices, tournamentParticipations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createUser } from "../../testing/factories";
import { settledJobs } from "../../testing/jobs";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { tournamentWorld, type TournamentWorld } from "../../testing/tournament-fixtures";

/** The tournament channel (spec 001 sections 2.10, 5, 6, 8): who sees it, who writes, read marks, the notices. */

let deps: Deps, region: TournamentWorld["region"], organizationId: number;
tournamentWorld("Kanal e.V.", (world) => ({ deps, region, organizationId } = world));

const NOW = new Date("2026-06-01T08:00:00Z");
const DAY = 86_400_000;

async function tournament() {
  const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
  const t = await org.caller.tournaments.create({
    name: `Kanal-Cup ${crypto.randomUUID().slice(0, 6)}`,
    startTime: new Date(NOW.getTime() + 10 * DAY),
    endTime: new Date(NOW.getTime() + 10 * DAY + 8 * 3_600_000),
    maxTeams: 8,
    locationName: "Sportpark",
    regionId: region.id,
  });
  await org.caller.tournaments.publish({ tournamentId: t.id });
  return { org, t };
}

let teamNo = 0;
async function team(tournamentId: number, userId: number | null, paymentStatus: TournamentPaymentStatus, extra: Partial<typeof tournamentParticipations.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(tournamentParticipations)
    .values({ tournamentId, userId, teamName: `Team ${++teamNo}`, paymentStatus, firstName: "Ana", lastName: "Test", email: `team${teamNo}-${crypto.randomUUID().slice(0, 6)}@example.org`, phoneNumber: "+4915123456789", ...extra })
    .returning();
  return row!;
}

describe("who sees the channel", () => {
  test("the organiser and admins post and read; a paid team's user reads; others FORBIDDEN, visitors UNAUTHENTICATED", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament();
    const paid = await signedInPlayer(deps);
    const paidExternally = await signedInPlayer(deps);
    const open = await signedInPlayer(deps);
    const cancelled = await signedInPlayer(deps);
    const refunded = await signedInPlayer(deps);
    const outsider = await signedInPlayer(deps);
    const admin = await signedInPlayer(deps, { isAdmin: true });
    await team(t.id, paid.user.id, "Paid");
    await team(t.id, paidExternally.user.id, "PaidExternally");
    await team(t.id, open.user.id, "Open");
    await team(t.id, cancelled.user.id, "Paid", { cancelledAt: NOW });
    await team(t.id, refunded.user.id, "Refunded");

    expect(await org.caller.tournaments.channel({ tournamentId: t.id })).toMatchObject({ tournament: { id: t.id, name: t.name }, canPost: true, messages: [] });
    expect(await admin.caller.tournaments.channel({ tournamentId: t.id })).toMatchObject({ canPost: true });
    expect(await paid.caller.tournaments.channel({ tournamentId: t.id })).toMatchObject({ canPost: false });
    expect(await paidExternally.caller.tournaments.channel({ tournamentId: t.id })).toMatchObject({ canPost: false });
    for (const who of [open, cancelled, refunded, outsider]) expect(await errorData(who.caller.tournaments.channel({ tournamentId: t.id }))).toEqual({ code: "FORBIDDEN" });
    expect(await errorData((await callerFor(deps)).caller.tournaments.channel({ tournamentId: t.id }))).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(paid.caller.tournaments.channel({ tournamentId: 999_999 }))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });

    // only the organiser and admins write
    for (const who of [paid, outsider]) expect(await errorData(who.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Hallo" }))).toEqual({ code: "FORBIDDEN" });
    expect(await errorData(admin.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Vom Admin" }))).toEqual({ code: "OK" });
  });

  test("a draft's channel is not found for anyone but its organiser and admins", async () => {
    testClock.freeze(NOW);
    const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
    const draft = await org.caller.tournaments.create({ name: "Entwurf", startTime: new Date(NOW.getTime() + DAY * 3), endTime: new Date(NOW.getTime() + DAY * 3 + 3_600_000), maxTeams: 4, locationName: "Feld", regionId: region.id });
    const player = await signedInPlayer(deps);
    await team(draft.id, player.user.id, "Paid");
    expect(await errorData(player.caller.tournaments.channel({ tournamentId: draft.id }))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });
    expect(await errorData(player.caller.tournaments.sendChannelMessage({ tournamentId: draft.id, message: "x" }))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });
    expect(await org.caller.tournaments.channel({ tournamentId: draft.id })).toMatchObject({ canPost: true });
  });
});

describe("messages", () => {
  test("newest last with sender and time; unread for the team until marked (idempotently); the sender has read it", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament();
    const paid = await signedInPlayer(deps);
    await team(t.id, paid.user.id, "Paid");
    const first = await org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "  Anpfiff um 10 Uhr  " });
    expect(first).toMatchObject({ tournamentId: t.id, message: "Anpfiff um 10 Uhr", sender: { id: org.user.id, firstName: org.user.firstName }, createdAt: NOW, read: true });
    testClock.advance(60_000);
    const second = await org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Bitte pünktlich sein" });

    const seen = await paid.caller.tournaments.channel({ tournamentId: t.id });
    expect(seen.messages.map((m) => [m.id, m.read])).toEqual([
      [first.id, false],
      [second.id, false],
    ]);
    expect(await paid.caller.tournaments.markChannelMessageRead({ tournamentChannelMessageId: first.id })).toEqual({ ok: true });
    expect(await paid.caller.tournaments.markChannelMessageRead({ tournamentChannelMessageId: first.id })).toEqual({ ok: true });
    expect((await paid.caller.tournaments.channel({ tournamentId: t.id })).messages.map((m) => m.read)).toEqual([true, false]);
    // the organiser's own view is untouched by the team's marks
    expect((await org.caller.tournaments.channel({ tournamentId: t.id })).messages.map((m) => m.read)).toEqual([true, true]);

    const outsider = await signedInPlayer(deps);
    expect(await errorData(outsider.caller.tournaments.markChannelMessageRead({ tournamentChannelMessageId: second.id }))).toEqual({ code: "FORBIDDEN" });
    expect(await errorData(paid.caller.tournaments.markChannelMessageRead({ tournamentChannelMessageId: 999_999 }))).toEqual({ code: "CHANNEL_MESSAGE_NOT_FOUND" });
  });

  test("send is refused when empty, too long, too soon after the sender's last one, and once the tournament is cancelled", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament();
    expect(await errorData(org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "   " }))).toMatchObject({ code: "VALIDATION", fields: [{ path: "message", code: "message_required" }] });
    expect(await errorData(org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "x".repeat(2001) }))).toMatchObject({ code: "VALIDATION", fields: [{ path: "message" }] });
    await org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Eins" });
    testClock.advance(9_000);
    expect(await errorData(org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Zwei" }))).toEqual({ code: "COMMENT_RATE_LIMITED" });
    testClock.advance(1_001);
    expect(await errorData(org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Zwei" }))).toEqual({ code: "OK" });
    // two at once: the tournament's lock lets one through
    testClock.advance(20_000);
    const both = await Promise.all(["A", "B"].map((message) => errorData(org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message }))));
    expect(both.map((r) => r.code).sort()).toEqual(["COMMENT_RATE_LIMITED", "OK"]);

    testClock.advance(20_000);
    await org.caller.tournaments.cancel({ tournamentId: t.id });
    expect(await errorData(org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Zu spät" }))).toEqual({ code: "TOURNAMENT_CANCELLED" });
    // the news stay readable
    expect((await org.caller.tournaments.channel({ tournamentId: t.id })).messages.map((m) => m.message)).toEqual(["Eins", "Zwei", expect.any(String)]);
  });

  test("pushed to the paid teams' devices, mailed to paid users without one and to paid teams without an account; nobody else", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament();
    const verified = new Date("2026-01-01T00:00:00Z");
    const withPhone = await createUser(deps, { emailVerifiedAt: verified, applicationLanguage: "en" });
    const withoutDevice = await createUser(deps, { emailVerifiedAt: verified, applicationLanguage: "de" });
    const unpaid = await createUser(deps, { emailVerifiedAt: verified });
    const phone = `channel-${crypto.randomUUID()}`;
    const unpaidPhone = `channel-${crypto.randomUUID()}`;
    await deps.db.insert(pushDevices).values([
      { deviceToken: phone, kind: "fcm", userId: withPhone.id, language: "en" },
      { deviceToken: unpaidPhone, kind: "fcm", userId: unpaid.id, language: "de" },
    ]);
    await team(t.id, withPhone.id, "Paid");
    await team(t.id, withoutDevice.id, "PaidExternally");
    await team(t.id, unpaid.id, "Open");
    const accountless = await team(t.id, null, "Paid", { language: "en", firstName: "Olga" });

    await org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Der Plan ist online." });
    const [push] = await settledJobs(deps, "send-push", { deviceToken: phone });
    expect(push!.data.message).toMatchObject({ title: t.name, body: "News from the organiser: Der Plan ist online.", url: `${deps.config.publicUrl}/tournament/${t.id}/channel` });
    expect(await settledJobs(deps, "send-push", { deviceToken: unpaidPhone })).toEqual([]);
    expect(await settledJobs(deps, "send-mail", { to: withPhone.email })).toEqual([]);
    expect((await settledJobs(deps, "send-mail", { to: withoutDevice.email })).map((j) => [j.data.language, j.data.template.name])).toEqual([["de", "tournament-channel-message"]]);
    expect((await settledJobs(deps, "send-mail", { to: accountless.email })).map((j) => [j.data.language, j.data.template.name])).toEqual([["en", "tournament-channel-message"]]);
    expect(await settledJobs(deps, "send-mail", { to: unpaid.email })).toEqual([]);
    expect(await settledJobs(deps, "send-mail", { to: org.user.email })).toEqual([]);
  });
});

describe("channels in the chat", () => {
  test("the Chat's unread count lists the channels the user follows with their unread news; marking read lowers it; others see none", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament();
    const paid = await signedInPlayer(deps);
    const open = await signedInPlayer(deps);
    await team(t.id, paid.user.id, "Paid");
    await team(t.id, open.user.id, "Open");
    const channelOf = async (who: typeof paid) => (await who.caller.chat.unreadCount()).tournamentChannels.find((c) => c.tournamentId === t.id);
    expect(await channelOf(paid)).toMatchObject({ name: t.name, unreadCount: 0, latestMessage: null });

    const first = await org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Eins" });
    testClock.advance(60_000);
    await org.caller.tournaments.sendChannelMessage({ tournamentId: t.id, message: "Zwei" });
    expect(await channelOf(paid)).toMatchObject({ unreadCount: 2, latestMessage: { text: "Zwei", createdAt: new Date(NOW.getTime() + 60_000) } });
    await paid.caller.tournaments.markChannelMessageRead({ tournamentChannelMessageId: first.id });
    expect(await channelOf(paid)).toMatchObject({ unreadCount: 1 });
    // the organiser follows it with nothing unread (their own news); an unpaid team's user does not
    expect(await channelOf(org)).toMatchObject({ unreadCount: 0, latestMessage: { text: "Zwei" } });
    expect(await channelOf(open)).toBeUndefined();
    // a week after the end it leaves the list, as a game's chat does
    testClock.freeze(new Date(t.endTime.getTime() + 7 * DAY + 1));
    expect(await channelOf(paid)).toBeUndefined();
  });
});
