import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { games, gameTemplates, organizations, participations } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { settledJobs } from "../../testing/jobs";
import { createCourt, createRegion, gameInput } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { signedInPlayer } from "../../testing/payment-fixtures";
import type { WeeklyReminderJob } from "../../jobs/definitions";
import { handleConfirmationReminder } from "./reminder";

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});
afterEach(() => testClock.reset());

const H = 3600_000;
/** Tuesday 3 March 2026, 10:00 Berlin (winter time); the session plays Tuesdays at 19:00 Berlin. */
const START = new Date("2026-03-03T09:00:00Z");
const tuesday = (iso: string) => new Date(iso);

async function organiserWithSession(first = tuesday("2026-03-10T18:00:00Z")) {
  const org = await signedInPlayer(deps, { regionId });
  const court = await createCourt(deps, { regionId });
  testClock.freeze(START);
  const { id } = await org.caller.games.create({ ...gameInput(first, { courtId: court.id, maxPlayers: 12, minPlayers: 6, title: null }), isRecurringGame: true });
  const [game] = await deps.db.select().from(games).where(eq(games.id, id));
  return { org, court, firstGameId: id, templateId: game!.gameTemplateId! };
}

describe("a weekly session over six weeks", () => {
  test("created with the first game; takes place, skipped, missed, deactivated, reactivated; 19:00 Berlin across the change to summer time", async () => {
    const { org, firstGameId, templateId } = await organiserWithSession();
    expect(templateId).toBeGreaterThan(0);
    let t = await org.caller.weekly.get({ id: templateId });
    expect(t).toMatchObject({ isActive: true, latestStartTime: tuesday("2026-03-10T18:00:00Z"), minPlayers: 6, maxPlayers: 12, latestGameId: firstGameId });
    expect(t.state).toEqual({ kind: "scheduled", nextStart: tuesday("2026-03-10T18:00:00Z"), gameId: firstGameId, opensAt: null });
    expect((await org.caller.weekly.mine()).map((x) => x.id)).toEqual([templateId]);

    // week 1 played; the next week opens 24 hours after its start
    testClock.freeze(tuesday("2026-03-11T12:00:00Z"));
    t = await org.caller.weekly.get({ id: templateId });
    expect(t.state).toEqual({ kind: "waiting", nextStart: tuesday("2026-03-17T18:00:00Z"), opensAt: tuesday("2026-03-11T18:00:00Z"), gameId: null });
    const tooEarly = await errorData(org.caller.games.create({ ...gameInput(tuesday("2026-03-17T18:00:00Z")), gameTemplateId: templateId }));
    expect(tooEarly).toMatchObject({ code: "WEEKLY_CONFIRMATION_NOT_OPEN" });

    // week 2: "takes place" creates the game from the template
    testClock.freeze(tuesday("2026-03-11T19:00:00Z"));
    expect(await errorData(org.caller.games.create({ ...gameInput(tuesday("2026-03-18T18:00:00Z")), gameTemplateId: templateId }))).toMatchObject({ code: "WEEKLY_START_NOT_NEXT" });
    const week2 = await org.caller.games.create({ ...gameInput(tuesday("2026-03-17T18:00:00Z"), { minPlayers: 2, title: "ignored" }), gameTemplateId: templateId });
    const [g2] = await deps.db.select().from(games).where(eq(games.id, week2.id));
    // every field from the template, not from the call
    expect(g2).toMatchObject({ gameTemplateId: templateId, minPlayers: 6, maxPlayers: 12, title: null, startTime: tuesday("2026-03-17T18:00:00Z") });
    expect(await errorData(org.caller.games.create({ ...gameInput(tuesday("2026-03-24T18:00:00Z")), gameTemplateId: templateId }))).toMatchObject({ code: "WEEKLY_GAME_EXISTS" });
    // the organiser's own place, as in the first game
    const own = await deps.db.select().from(participations).where(eq(participations.gameId, week2.id));
    expect(own.map((p) => p.userId)).toEqual([org.user.id]);

    // week 3: "does not take place" records the latest start time, no game
    testClock.freeze(tuesday("2026-03-18T20:00:00Z"));
    expect(await errorData(org.caller.weekly.update({ id: templateId, latestStartTime: tuesday("2026-03-31T17:00:00Z") }))).toMatchObject({ code: "WEEKLY_START_NOT_NEXT" });
    t = await org.caller.weekly.update({ id: templateId, latestStartTime: tuesday("2026-03-24T18:00:00Z") });
    expect(t.latestStartTime).toEqual(tuesday("2026-03-24T18:00:00Z"));
    // week 4 is 31 March, in summer time: 19:00 Berlin is 17:00 UTC; its window opened 24 hours after the skipped start
    testClock.freeze(tuesday("2026-03-25T19:00:00Z"));
    t = await org.caller.weekly.get({ id: templateId });
    expect(t.state).toEqual({ kind: "open", nextStart: tuesday("2026-03-31T17:00:00Z"), opensAt: null, gameId: null });
    const week4 = await org.caller.games.create({ ...gameInput(tuesday("2026-03-31T17:00:00Z")), gameTemplateId: templateId });

    // week 5 nobody answers for; on 8 April week 6 (14 April) waits until 24 hours after the missed start
    testClock.freeze(tuesday("2026-04-07T18:00:00Z"));
    t = await org.caller.weekly.get({ id: templateId });
    expect(t.state).toEqual({ kind: "waiting", nextStart: tuesday("2026-04-14T17:00:00Z"), opensAt: tuesday("2026-04-08T17:00:00Z"), gameId: null });
    expect(t.latestGameId).toBe(week4.id);

    // deactivated: nothing to confirm, the share link still leads to the latest game
    testClock.freeze(tuesday("2026-04-09T10:00:00Z"));
    t = await org.caller.weekly.update({ id: templateId, isActive: false });
    expect(t).toMatchObject({ isActive: false, state: { kind: "deactivated" } });
    expect(await errorData(org.caller.games.create({ ...gameInput(tuesday("2026-04-14T17:00:00Z")), gameTemplateId: templateId }))).toMatchObject({ code: "WEEKLY_SESSION_DEACTIVATED" });
    const { caller: visitor } = await callerFor(deps);
    expect(await visitor.weekly.latest({ id: templateId })).toEqual({ gameId: week4.id, shareKey: null });
    // reactivated: week 6 can take place
    await org.caller.weekly.update({ id: templateId, isActive: true });
    const week6 = await org.caller.games.create({ ...gameInput(tuesday("2026-04-14T17:00:00Z")), gameTemplateId: templateId });
    expect(await visitor.weekly.latest({ id: templateId })).toEqual({ gameId: week6.id, shareKey: null });
    const all = await deps.db.select({ start: games.startTime }).from(games).where(eq(games.gameTemplateId, templateId));
    expect(all.map((g) => g.start.toISOString()).sort()).toEqual(["2026-03-10T18:00:00.000Z", "2026-03-17T18:00:00.000Z", "2026-03-31T17:00:00.000Z", "2026-04-14T17:00:00.000Z"]);
  });

  test("only the creator (and admins) manage a session; other people's sessions are not found", async () => {
    const { templateId } = await organiserWithSession();
    const other = await signedInPlayer(deps, { regionId });
    expect(await errorData(other.caller.weekly.get({ id: templateId }))).toMatchObject({ code: "WEEKLY_SESSION_NOT_FOUND" });
    expect(await errorData(other.caller.weekly.update({ id: templateId, isActive: false }))).toMatchObject({ code: "WEEKLY_SESSION_NOT_FOUND" });
    expect(await errorData(other.caller.weekly.delete({ id: templateId }))).toMatchObject({ code: "WEEKLY_SESSION_NOT_FOUND" });
    testClock.freeze(tuesday("2026-03-11T19:00:00Z"));
    expect(await errorData(other.caller.games.create({ ...gameInput(tuesday("2026-03-17T18:00:00Z")), gameTemplateId: templateId }))).toMatchObject({ code: "WEEKLY_SESSION_NOT_FOUND" });
    const admin = await signedInPlayer(deps, { regionId, isAdmin: true });
    expect((await admin.caller.weekly.get({ id: templateId })).viewer).toEqual({ canManage: true, canEditCourt: true });
    expect(await other.caller.weekly.hasAny()).toBe(false);
  });

  test("edits with updateFutureGames reach the template and the session's other future games; the court only by creator or admin", async () => {
    const { org, court, firstGameId, templateId } = await organiserWithSession(tuesday("2026-03-17T18:00:00Z"));
    testClock.freeze(START);
    await org.caller.games.update({ gameId: firstGameId, description: "Neu: mit Schiri", level: "HIGH", updateFutureGames: true });
    let t = await org.caller.weekly.get({ id: templateId });
    expect(t).toMatchObject({ description: "Neu: mit Schiri", level: "HIGH" });
    // a single game has no future games to change
    testClock.advance(10 * 60_000);
    const single = await org.caller.games.create(gameInput(tuesday("2026-03-20T18:00:00Z"), { gameType: "PRIVATE" }));
    expect(await errorData(org.caller.games.update({ gameId: single.id, description: "x", updateFutureGames: true }))).toMatchObject({ code: "VALIDATION" });
    // a new court for the session
    const newCourt = await createCourt(deps, { regionId });
    await org.caller.games.update({ gameId: firstGameId, courtId: newCourt.id, updateFutureGames: true });
    t = await org.caller.weekly.get({ id: templateId });
    expect(t.court?.id).toBe(newCourt.id);
    expect(t.court?.id).not.toBe(court.id);
  });

  test("the regulars' head start: only who played twice in the last four weeks joins a new week's game at first", async () => {
    const { org, firstGameId, templateId } = await organiserWithSession(tuesday("2026-03-10T18:00:00Z"));
    const regular = await signedInPlayer(deps, { regionId });
    const newcomer = await signedInPlayer(deps, { regionId });
    testClock.freeze(tuesday("2026-03-09T10:00:00Z"));
    await regular.caller.participation.join({ gameId: firstGameId });
    testClock.freeze(tuesday("2026-03-11T19:00:00Z"));
    const week2 = await org.caller.games.create({ ...gameInput(tuesday("2026-03-17T18:00:00Z")), gameTemplateId: templateId });
    expect((await newcomer.caller.games.byId({ gameId: week2.id })).regularsOnlyUntil).toBeNull();
    // one game is not yet "regular": the session has no regulars, so its head start holds nobody back (issue 23 item 13)
    await newcomer.caller.participation.join({ gameId: week2.id });
    await regular.caller.participation.join({ gameId: week2.id });
    // week 3: the regular (two games) joins at once; the newcomer (one game) waits for everybody's turn
    testClock.freeze(tuesday("2026-03-18T19:00:00Z"));
    const week3 = await org.caller.games.create({ ...gameInput(tuesday("2026-03-24T18:00:00Z")), gameTemplateId: templateId });
    expect((await newcomer.caller.games.byId({ gameId: week3.id })).viewer.isRegular).toBe(false);
    expect((await regular.caller.games.byId({ gameId: week3.id })).viewer.isRegular).toBe(true);
    expect((await newcomer.caller.games.byId({ gameId: week3.id })).regularsOnlyUntil?.toISOString()).toBe("2026-03-19T19:00:00.000Z");
    await regular.caller.participation.join({ gameId: week3.id });
    expect(await errorData(newcomer.caller.participation.join({ gameId: week3.id }))).toMatchObject({ code: "REGULARS_HEAD_START" });
    // 24 hours later everybody may join
    testClock.freeze(tuesday("2026-03-19T19:00:01Z"));
    await newcomer.caller.participation.join({ gameId: week3.id });
    // the organiser turns the head start off: the next week is open to everybody at once
    await org.caller.weekly.update({ id: templateId, regularsHeadStart: false });
    testClock.freeze(tuesday("2026-03-25T19:00:00Z"));
    const week4 = await org.caller.games.create({ ...gameInput(tuesday("2026-03-31T17:00:00Z")), gameTemplateId: templateId });
    await newcomer.caller.participation.join({ gameId: week4.id });
  });

  test("edit-details through updateGameTemplate: the template and every future game change, under a game's rules", async () => {
    const { org, firstGameId, templateId } = await organiserWithSession(tuesday("2026-03-17T18:00:00Z"));
    testClock.freeze(START);
    const t = await org.caller.weekly.update({ id: templateId, description: "Jetzt mit Schiri", maxPlayers: 14, level: "MEDIUM", durationMinutes: 90 });
    expect(t).toMatchObject({ description: "Jetzt mit Schiri", maxPlayers: 14, level: "MEDIUM", durationMinutes: 90 });
    const [first] = await deps.db.select().from(games).where(eq(games.id, firstGameId));
    expect(first).toMatchObject({ description: "Jetzt mit Schiri", maxPlayers: 14, level: "MEDIUM", durationMinutes: 90 });
    // refused like a game's edit; nothing changes
    expect(await errorData(org.caller.weekly.update({ id: templateId, maxPlayers: 4 }))).toMatchObject({ code: "MAX_PLAYERS_BELOW_MIN" });
    expect(await errorData(org.caller.weekly.update({ id: templateId, title: "Meine Runde" }))).toMatchObject({ code: "TITLE_NOT_ALLOWED" });
    expect(await errorData(org.caller.weekly.update({ id: templateId, gameType: "KICKRUNDE" }))).toMatchObject({ code: "GAME_TYPE_NOT_ALLOWED" });
    expect(await errorData(org.caller.weekly.update({ id: templateId, gameType: "PRIVATE" }))).toMatchObject({ code: "GAME_TYPE_NOT_ALLOWED" });
    expect(await errorData(org.caller.weekly.update({ id: templateId, organiserPlayerCount: 0 }))).toMatchObject({ code: "VALIDATION", fields: [{ path: "organiserPlayerCount", code: "player_count_plays_himself" }] });
    expect(await errorData(org.caller.weekly.update({ id: templateId, organiserPlayerCount: 15 }))).toMatchObject({ code: "PLAYER_COUNT_ABOVE_MAX" });
    expect((await org.caller.weekly.get({ id: templateId })).maxPlayers).toBe(14);
    // the wrapper's "takes place" minimum (0) confirms one game, never the session's future games
    await org.caller.weekly.update({ id: templateId, minPlayers: 0, description: "Jetzt mit Schiri!" });
    const [unconfirmed] = await deps.db.select().from(games).where(eq(games.id, firstGameId));
    expect(unconfirmed).toMatchObject({ minPlayersConfirmedAt: null, minPlayers: 6 });
    // an admin publishes a public session as the product's own type (spec 000 section 6); its games follow
    const admin = await signedInPlayer(deps, { regionId, isAdmin: true });
    expect((await admin.caller.weekly.update({ id: templateId, gameType: "KICKRUNDE" })).gameType).toBe("KICKRUNDE");
    const [after] = await deps.db.select().from(games).where(eq(games.id, firstGameId));
    expect(after!.gameType).toBe("KICKRUNDE");
    // the session's court moves with its future games
    const newCourt = await createCourt(deps, { regionId });
    expect((await org.caller.weekly.update({ id: templateId, courtId: newCourt.id })).court?.id).toBe(newCourt.id);
    const [moved] = await deps.db.select().from(games).where(eq(games.id, firstGameId));
    expect(moved!.courtId).toBe(newCourt.id);
  });

  test("takes place with the organiser's player count: the template's by default, 1 up to the maximum when playing", async () => {
    const { org, templateId } = await organiserWithSession();
    testClock.freeze(tuesday("2026-03-11T19:00:00Z"));
    const next = tuesday("2026-03-17T18:00:00Z");
    expect(await errorData(org.caller.games.create({ gameTemplateId: templateId, startTime: next, playerCount: 0 }))).toMatchObject({ code: "VALIDATION" });
    expect(await errorData(org.caller.games.create({ gameTemplateId: templateId, startTime: next, playerCount: 13 }))).toMatchObject({ code: "PLAYER_COUNT_ABOVE_MAX" });
    const week2 = await org.caller.games.create({ gameTemplateId: templateId, startTime: next, playerCount: 3 });
    const own = await deps.db.select().from(participations).where(eq(participations.gameId, week2.id));
    expect(own.map((p) => [p.userId, p.playerCount])).toEqual([[org.user.id, 3]]);
    // the wrapper's call without a count: the template's (1, as at creation)
    testClock.freeze(tuesday("2026-03-18T19:00:00Z"));
    const week3 = await org.caller.games.create({ gameTemplateId: templateId, startTime: tuesday("2026-03-24T18:00:00Z") });
    const own3 = await deps.db.select().from(participations).where(eq(participations.gameId, week3.id));
    expect(own3.map((p) => p.playerCount)).toEqual([1]);
    const page = await org.caller.games.byId({ gameId: week3.id });
    expect(page.gameTemplate).toEqual({ id: templateId, isActive: true });
    expect(page.regularsOnlyUntil).toEqual(tuesday("2026-03-19T19:00:00Z"));
  });

  test("the organiser is reminded once when confirming opens; unanswered weeks remind again; deactivated sessions never", async () => {
    const org = await signedInPlayer(deps, { regionId, applicationLanguage: "de", firstName: "Jonas" });
    const court = await createCourt(deps, { regionId, name: "Bolzplatz Erinnerung" });
    const device = `weekly-${crypto.randomUUID()}`;
    await org.caller.notifications.registerNativeDevice({ deviceToken: device, language: "de" });
    testClock.freeze(START);
    const { id } = await org.caller.games.create({ ...gameInput(tuesday("2026-03-10T18:00:00Z"), { courtId: court.id }), isRecurringGame: true });
    const [g] = await deps.db.select().from(games).where(eq(games.id, id));
    const templateId = g!.gameTemplateId!;
    // planned for the moment the window opens: 24 hours after the first game's start
    const planned = await deps.jobs.boss.findJobs<WeeklyReminderJob>("weekly-confirmation-reminder", { data: { templateId } });
    expect(planned.map((j) => [j.data.opensAt, j.startAfter.toISOString()])).toEqual([["2026-03-11T18:00:00.000Z", "2026-03-11T18:00:00.000Z"]]);

    const job = { templateId, opensAt: "2026-03-11T18:00:00.000Z" };
    testClock.freeze(tuesday("2026-03-11T17:00:00Z"));
    await expect(handleConfirmationReminder(deps, job)).rejects.toThrow("before its time");
    testClock.freeze(tuesday("2026-03-11T18:00:05Z"));
    await handleConfirmationReminder(deps, job);
    await handleConfirmationReminder(deps, job); // twice: one reminder
    const pushes = await settledJobs(deps, "send-push", { deviceToken: device });
    expect(pushes.map((p) => p.data.message)).toEqual([
      { title: "Findet Deine Kickrunde statt?", body: "Bolzplatz Erinnerung, Di., 17.03., 19:00: Bestätige jetzt oder sage die Woche ab.", url: `http://localhost:3000/weekly-sessions/${templateId}`, icon: "/favicon.svg", tag: `weekly-${templateId}` },
    ]);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(org.user.email) && m.subject.startsWith("Findet Deine Kickrunde statt?"));
    expect(mail.text).toContain(`Jetzt bestätigen: http://localhost:3000/weekly-sessions/${templateId}`);
    // unanswered: the next window (24 hours after the missed week) is planned and reminds again
    // (a job per window; planned twice, it still reminds once)
    const next = (await deps.jobs.boss.findJobs<WeeklyReminderJob>("weekly-confirmation-reminder", { data: { templateId } })).map((j) => j.data.opensAt);
    expect([...new Set(next)].sort()).toEqual(["2026-03-11T18:00:00.000Z", "2026-03-18T18:00:00.000Z"]);
    testClock.freeze(tuesday("2026-03-18T18:00:05Z"));
    await handleConfirmationReminder(deps, { templateId, opensAt: "2026-03-18T18:00:00.000Z" });
    expect(await settledJobs(deps, "send-push", { deviceToken: device })).toHaveLength(2);
    // deactivated: nothing more
    await org.caller.weekly.update({ id: templateId, isActive: false });
    testClock.freeze(tuesday("2026-03-25T18:00:05Z"));
    await handleConfirmationReminder(deps, { templateId, opensAt: "2026-03-25T18:00:00.000Z" });
    expect(await settledJobs(deps, "send-push", { deviceToken: device })).toHaveLength(2);
  });

  test("deleting the account deactivates the organiser's sessions", async () => {
    const { org, templateId } = await organiserWithSession();
    await org.caller.accounts.deleteAccount({ confirmation: "Konto LÖSCHEN" });
    const [row] = await deps.db.select().from(gameTemplates).where(eq(gameTemplates.id, templateId));
    expect(row!.deactivatedAt).not.toBeNull();
  });

  test("an organisation's session carries the organisation's fee (the payout calculator on edit-details)", async () => {
    const [org] = await deps.db.insert(organizations).values({ name: `Verein ${crypto.randomUUID()}`, gameApplicationFeePercentage: 4.5 }).returning();
    const member = await signedInPlayer(deps, { regionId, organizationId: org!.id });
    const court = await createCourt(deps, { regionId });
    testClock.freeze(START);
    const { id } = await member.caller.games.create({ ...gameInput(tuesday("2026-03-10T18:00:00Z"), { courtId: court.id, isOrganizationGame: true }), isRecurringGame: true });
    const [g] = await deps.db.select().from(games).where(eq(games.id, id));
    expect((await member.caller.weekly.get({ id: g!.gameTemplateId! })).organization).toEqual({ id: org!.id, name: org!.name, gameApplicationFeePercentage: 4.5 });
  });

  test("a private session's share link needs the session's key: with it the next game's id and that game's key, without it nothing (as for no session)", async () => {
    const { org, firstGameId, templateId } = await organiserWithSession();
    await deps.db.update(gameTemplates).set({ gameType: "PRIVATE" }).where(eq(gameTemplates.id, templateId));
    await deps.db.update(games).set({ gameType: "PRIVATE" }).where(eq(games.id, firstGameId));
    const [game] = await deps.db.select().from(games).where(eq(games.id, firstGameId));
    const unknown = await errorData((await callerFor(deps)).caller.weekly.latest({ id: templateId + 100_000 }));
    expect(unknown).toMatchObject({ code: "WEEKLY_SESSION_NOT_FOUND" });

    // the organiser's session page gives the key; the link is the id with it
    const t = await org.caller.weekly.get({ id: templateId });
    expect(t.shareKey).toMatch(/^[0-9a-f]{32}$/);
    expect(t.shareKey).not.toBe(game!.shareKey);
    const key = t.shareKey!;

    // outsiders without the key, or with a wrong one, get what an unknown session gets
    const { caller: visitor } = await callerFor(deps);
    const outsider = await signedInPlayer(deps, { regionId });
    expect(await errorData(visitor.weekly.latest({ id: templateId }))).toEqual(unknown);
    expect(await errorData(outsider.caller.weekly.latest({ id: templateId }))).toEqual(unknown);
    expect(await errorData(outsider.caller.weekly.latest({ id: templateId, key: "0".repeat(32) }))).toEqual(unknown);
    expect(await errorData(outsider.caller.weekly.latest({ id: templateId, key: game!.shareKey }))).toEqual(unknown);
    expect(await errorData(outsider.caller.weekly.latest({ id: templateId, key: "nope" }))).toMatchObject({ code: "VALIDATION" });

    // with the key: the game and its own key, which opens the game and lets the outsider join
    expect(await visitor.weekly.latest({ id: templateId, key })).toEqual({ gameId: firstGameId, shareKey: game!.shareKey });
    expect(await outsider.caller.weekly.latest({ id: templateId, key })).toEqual({ gameId: firstGameId, shareKey: game!.shareKey });
    expect((await outsider.caller.games.byId({ gameId: firstGameId, shareKey: game!.shareKey })).id).toBe(firstGameId);
    await outsider.caller.participation.join({ gameId: firstGameId, shareKey: game!.shareKey });
    // who may see the game anyway needs no key: its player now, the organiser
    expect(await outsider.caller.weekly.latest({ id: templateId })).toEqual({ gameId: firstGameId, shareKey: game!.shareKey });
    expect(await org.caller.weekly.latest({ id: templateId })).toEqual({ gameId: firstGameId, shareKey: game!.shareKey });
    // the key of another session opens nothing here
    const { templateId: publicId, firstGameId: publicGameId } = await organiserWithSession();
    expect(await errorData(visitor.weekly.latest({ id: templateId, key: (await deps.db.select().from(gameTemplates).where(eq(gameTemplates.id, publicId)))[0]!.shareKey }))).toEqual(unknown);
    // a public session: anybody, no key needed, none given out; a key brought along changes nothing
    expect(await visitor.weekly.latest({ id: publicId })).toEqual({ gameId: publicGameId, shareKey: null });
    expect(await visitor.weekly.latest({ id: publicId, key })).toEqual({ gameId: publicGameId, shareKey: null });
  });

  test("a session's share key is given only to its managers, and only for a private session", async () => {
    const { org, templateId } = await organiserWithSession();
    expect((await org.caller.weekly.get({ id: templateId })).shareKey).toBeNull();
    await deps.db.update(gameTemplates).set({ gameType: "PRIVATE" }).where(eq(gameTemplates.id, templateId));
    const [row] = await deps.db.select().from(gameTemplates).where(eq(gameTemplates.id, templateId));
    expect((await org.caller.weekly.mine()).find((x) => x.id === templateId)?.shareKey).toBe(row!.shareKey);
    const admin = await signedInPlayer(deps, { regionId, isAdmin: true });
    expect((await admin.caller.weekly.get({ id: templateId })).shareKey).toBe(row!.shareKey);
    const other = await signedInPlayer(deps, { regionId });
    expect(await errorData(other.caller.weekly.get({ id: templateId }))).toMatchObject({ code: "WEEKLY_SESSION_NOT_FOUND" });
  });
});
