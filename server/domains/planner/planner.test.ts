import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { TCreatePlannerInput } from "@shared/schemas/planner";
import type { Deps } from "../../context";
import { availabilityPlanners, games } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt, createRegion, createUser, gameInput } from "../../testing/factories";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";

let deps: Deps;
let regionId: number;
let courtId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
  courtId = (await createCourt(deps, { regionId })).id;
});
afterEach(() => testClock.reset());

const H = 3600_000;
const DAY = 24 * H;
/** Tuesday 1 December 2026, 11:00 Berlin (winter time) */
const NOW = new Date("2026-12-01T10:00:00Z");

const input = (overrides: Partial<TCreatePlannerInput> = {}): TCreatePlannerInput => ({
  title: "Feierabendkick",
  regionId,
  courtId,
  slots: [
    { weekday: 1, startTime: "19:00", durationMinutes: 90 },
    { weekday: 3, startTime: "18:30", durationMinutes: 120 },
  ],
  interval: 0,
  pollEndsAt: new Date(NOW.getTime() + 3 * DAY),
  shareChannel: "WHATSAPP",
  ...overrides,
});

async function organiser() {
  testClock.freeze(NOW);
  return signedInPlayer(deps, { regionId, firstName: "Olga" });
}
const visitor = async () => (await callerFor(deps)).caller;
const voterKey = (n: number) => `voter-key-${String(n).padStart(8, "0")}-abcdef`;

describe("creating a poll", () => {
  test("answers the planner with its public link; listed in mine; the poll page shows it to anybody", async () => {
    const org = await organiser();
    const p = await org.caller.planner.create(input());
    expect(p).toMatchObject({ title: "Feierabendkick", status: "OPEN", ended: false, interval: 0, shareChannel: "WHATSAPP", court: { id: courtId }, region: { id: regionId }, leadingSlotId: null, voterCount: 0 });
    expect(p.pollPath).toBe(`/poll/${p.publicToken}`);
    expect(p.publicToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(p.slots.map((s) => [s.weekday, s.startTime, s.durationMinutes, s.position])).toEqual([[1, "19:00", 90, 0], [3, "18:30", 120, 1]]);
    expect((await org.caller.planner.mine()).map((x) => x.id)).toContain(p.id);
    const poll = await (await visitor()).planner.poll({ token: p.publicToken });
    expect(poll).toMatchObject({ title: "Feierabendkick", organizerFirstName: "Olga", ended: false, myAnswer: null });
  });

  test.each([
    ["a poll end in the past", { pollEndsAt: new Date(NOW.getTime() - H) }, "pollEndsAt", "planner_poll_end_past"],
    ["a poll end beyond 30 days", { pollEndsAt: new Date(NOW.getTime() + 31 * DAY) }, "pollEndsAt", "planner_poll_end_too_far"],
    ["the same slot twice", { slots: [{ weekday: 1, startTime: "19:00", durationMinutes: 90 }, { weekday: 1, startTime: "19:00", durationMinutes: 60 }] }, "slots", "planner_slots_duplicate"],
    ["no slot", { slots: [] }, "slots", "planner_slots_count"],
    ["a duration off the 15-minute steps", { slots: [{ weekday: 1, startTime: "19:00", durationMinutes: 70 }] }, "slots.0.durationMinutes", "planner_slot_duration"],
    ["a title too long", { title: "x".repeat(61) }, "title", "planner_title_too_long"],
    ["an interval beyond monthly", { interval: 3 as 0 }, "interval", "planner_interval_invalid"],
  ] as const)("refuses %s", async (_name, overrides, path, code) => {
    const org = await organiser();
    const result = await errorData(org.caller.planner.create(input(overrides as Partial<TCreatePlannerInput>)));
    expect(result).toMatchObject({ code: "VALIDATION" });
    expect((result as { fields?: readonly { path: string; code: string }[] }).fields).toContainEqual(expect.objectContaining({ path, code }));
  });

  test("needs an account with a confirmed e-mail, an existing region and court", async () => {
    expect(await errorData((await visitor()).planner.create(input()))).toMatchObject({ code: "UNAUTHENTICATED" });
    testClock.freeze(NOW);
    const unverified = await signedInPlayer(deps, { regionId, emailVerifiedAt: null });
    expect(await errorData(unverified.caller.planner.create(input()))).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
    const org = await organiser();
    expect(await errorData(org.caller.planner.create(input({ regionId: 2_000_000_000 })))).toMatchObject({ code: "REGION_NOT_FOUND" });
    expect(await errorData(org.caller.planner.create(input({ courtId: 2_000_000_000 })))).toMatchObject({ code: "COURT_NOT_FOUND" });
  });

  test("at most 10 open polls; an ended one does not count", async () => {
    const org = await organiser();
    const first = await org.caller.planner.create(input({ pollEndsAt: new Date(NOW.getTime() + DAY) }));
    for (let i = 1; i < 10; i++) await org.caller.planner.create(input({ title: `Umfrage ${i}` }));
    expect(await errorData(org.caller.planner.create(input()))).toMatchObject({ code: "PLANNER_TOO_MANY_OPEN" });
    await org.caller.planner.close({ id: first.id });
    expect(await errorData(org.caller.planner.create(input()))).toMatchObject({ code: "OK" });
    expect(await errorData(org.caller.planner.create(input()))).toMatchObject({ code: "PLANNER_TOO_MANY_OPEN" });
    // a day later the first batch's other polls are still open; an end that passed frees a place
    testClock.freeze(new Date(NOW.getTime() + 3 * DAY + 1));
    expect(await errorData(org.caller.planner.create(input({ pollEndsAt: new Date(NOW.getTime() + 5 * DAY) })))).toMatchObject({ code: "OK" });
  });
});

describe("answering", () => {
  test("first name and yes/no per slot; the same browser changes its answer; after the end refused", async () => {
    const org = await organiser();
    const p = await org.caller.planner.create(input());
    const [tue, thu] = p.slots;
    const anna = await visitor();
    let poll = await anna.planner.answer({ token: p.publicToken, voterKey: voterKey(1), firstName: "Anna", answers: [{ slotId: tue!.id, available: true }, { slotId: thu!.id, available: false }] });
    expect(poll.myAnswer).toEqual({ firstName: "Anna", answers: [{ slotId: tue!.id, available: true }, { slotId: thu!.id, available: false }] });
    // the same key again: an update, not a second voter (idempotent)
    await anna.planner.answer({ token: p.publicToken, voterKey: voterKey(1), firstName: "Anna B", answers: [{ slotId: tue!.id, available: true }, { slotId: thu!.id, available: true }] });
    poll = await anna.planner.answer({ token: p.publicToken, voterKey: voterKey(1), firstName: "Anna B", answers: [{ slotId: tue!.id, available: true }, { slotId: thu!.id, available: true }] });
    expect(poll).toMatchObject({ voterCount: 1, slots: [{ yesCount: 1, noCount: 0 }, { yesCount: 1, noCount: 0 }] });
    await (await visitor()).planner.answer({ token: p.publicToken, voterKey: voterKey(2), firstName: "Ben", answers: [{ slotId: tue!.id, available: true }, { slotId: thu!.id, available: false }] });
    // a signed-in voter answers as their account, whatever key the browser sends
    const carla = await signedInPlayer(deps, { regionId, firstName: "Carla" });
    await carla.caller.planner.answer({ token: p.publicToken, voterKey: voterKey(1), firstName: "Carla", answers: [{ slotId: thu!.id, available: true }] });
    expect((await carla.caller.planner.poll({ token: p.publicToken })).myAnswer).toEqual({ firstName: "Carla", answers: [{ slotId: thu!.id, available: true }] });
    expect((await anna.planner.poll({ token: p.publicToken, voterKey: voterKey(1) })).myAnswer?.firstName).toBe("Anna B");

    const view = await org.caller.planner.get({ id: p.id });
    expect(view.slots.map((s) => [s.yesNames, s.noNames])).toEqual([[["Anna B", "Ben"], []], [["Anna B", "Carla"], ["Ben"]]]);
    // tie at 2 yes: Tuesday has fewer no answers
    expect(view).toMatchObject({ voterCount: 3, leadingSlotId: tue!.id, ended: false });

    // the end passes: answers are refused with a clear error, the page says it ended
    testClock.freeze(new Date(NOW.getTime() + 3 * DAY));
    expect(await errorData(anna.planner.answer({ token: p.publicToken, voterKey: voterKey(1), firstName: "Anna", answers: [{ slotId: tue!.id, available: false }] }))).toMatchObject({ code: "PLANNER_POLL_ENDED" });
    expect(await anna.planner.poll({ token: p.publicToken })).toMatchObject({ ended: true, leadingSlotId: tue!.id });
  });

  test("refuses a slot of another poll, a missing voter key, an unknown token, a name with control characters", async () => {
    const org = await organiser();
    const p = await org.caller.planner.create(input());
    const other = await org.caller.planner.create(input({ title: "Andere" }));
    const v = await visitor();
    expect(await errorData(v.planner.answer({ token: p.publicToken, voterKey: voterKey(3), firstName: "Dora", answers: [{ slotId: other.slots[0]!.id, available: true }] }))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "answers.0.slotId", code: "planner_slot_unknown" }],
    });
    expect(await errorData(v.planner.answer({ token: p.publicToken, firstName: "Dora", answers: [{ slotId: p.slots[0]!.id, available: true }] }))).toMatchObject({ code: "VALIDATION", fields: [{ path: "voterKey", code: "required" }] });
    expect(await errorData(v.planner.poll({ token: "unknown-token-123" }))).toMatchObject({ code: "PLANNER_NOT_FOUND" });
    expect(await errorData(v.planner.answer({ token: p.publicToken, voterKey: voterKey(3), firstName: "Do\u0007ra", answers: [{ slotId: p.slots[0]!.id, available: true }] }))).toMatchObject({ code: "VALIDATION" });
    expect(await errorData(v.planner.answer({ token: p.publicToken, voterKey: voterKey(3), firstName: "x".repeat(31), answers: [{ slotId: p.slots[0]!.id, available: true }] }))).toMatchObject({ code: "VALIDATION" });
  });
});

describe("the organiser's view, closing and converting", () => {
  test("only the organiser and admins see and change it", async () => {
    const org = await organiser();
    const p = await org.caller.planner.create(input());
    const stranger = await signedInPlayer(deps, { regionId });
    for (const call of [() => stranger.caller.planner.get({ id: p.id }), () => stranger.caller.planner.close({ id: p.id }), () => stranger.caller.planner.convert({ id: p.id, gameId: 1 })]) {
      expect(await errorData(call())).toMatchObject({ code: "FORBIDDEN" });
    }
    expect((await stranger.caller.planner.mine()).map((x) => x.id)).not.toContain(p.id);
    const admin = await signedInPlayer(deps, { regionId, isAdmin: true });
    expect((await admin.caller.planner.get({ id: p.id })).id).toBe(p.id);
    expect(await errorData(org.caller.planner.get({ id: 2_000_000_000 }))).toMatchObject({ code: "PLANNER_NOT_FOUND" });
  });

  test("close early, then turn the winner into a weekly session once", async () => {
    const org = await organiser();
    const p = await org.caller.planner.create(input());
    const [tue, thu] = p.slots;
    expect(await errorData(org.caller.planner.convert({ id: p.id, gameId: 1 }))).toMatchObject({ code: "PLANNER_NOT_ENDED" });
    for (const [n, name] of [[4, "Emil"], [5, "Frida"]] as const) {
      await (await visitor()).planner.answer({ token: p.publicToken, voterKey: voterKey(n), firstName: name, answers: [{ slotId: tue!.id, available: false }, { slotId: thu!.id, available: true }] });
    }
    const closed = await org.caller.planner.close({ id: p.id });
    expect(closed).toMatchObject({ status: "CLOSED", ended: true, leadingSlotId: thu!.id });
    expect(await errorData(org.caller.planner.close({ id: p.id }))).toMatchObject({ code: "PLANNER_POLL_ENDED" });
    // still listed: awaiting conversion
    expect((await org.caller.planner.mine()).map((x) => x.id)).toContain(p.id);

    // a single game is not a session; somebody else's session is not the organiser's
    const single = await org.caller.games.create(gameInput(new Date("2026-12-03T17:30:00Z"), { courtId, durationMinutes: 120, gameType: "PRIVATE" }));
    expect(await errorData(org.caller.planner.convert({ id: p.id, gameId: single.id }))).toMatchObject({ code: "PLANNER_GAME_NOT_SESSION" });
    testClock.advance(3 * 60_000);
    const otherCourt = await createCourt(deps, { regionId });
    const someoneElse = await signedInPlayer(deps, { regionId });
    const foreign = await someoneElse.caller.games.create({ ...gameInput(new Date("2026-12-10T17:30:00Z"), { courtId: otherCourt.id }), isRecurringGame: true });
    expect(await errorData(org.caller.planner.convert({ id: p.id, gameId: foreign.id }))).toMatchObject({ code: "PLANNER_GAME_NOT_SESSION" });

    // the form made the session: Thursday 18:30 Berlin (an hour later: one public game an hour)
    testClock.advance(61 * 60_000);
    const session = await org.caller.games.create({ ...gameInput(new Date("2026-12-10T17:30:00Z"), { courtId, durationMinutes: 120 }), isRecurringGame: true });
    const [game] = await deps.db.select().from(games).where(eq(games.id, session.id));
    const converted = await org.caller.planner.convert({ id: p.id, gameId: session.id });
    expect(converted).toMatchObject({ status: "CONVERTED", gameTemplateId: game!.gameTemplateId, leadingSlotId: thu!.id });
    expect(await errorData(org.caller.planner.convert({ id: p.id, gameId: session.id }))).toMatchObject({ code: "PLANNER_ALREADY_CONVERTED" });
    expect((await org.caller.planner.mine()).map((x) => x.id)).not.toContain(p.id);
    const [row] = await deps.db.select().from(availabilityPlanners).where(eq(availabilityPlanners.id, p.id));
    expect(row).toMatchObject({ status: "CONVERTED", winningSlotId: thu!.id, gameTemplateId: game!.gameTemplateId });
  });

  test("after the poll end without a yes there is nothing to convert", async () => {
    const org = await organiser();
    const p = await org.caller.planner.create(input({ pollEndsAt: new Date(NOW.getTime() + DAY) }));
    await (await visitor()).planner.answer({ token: p.publicToken, voterKey: voterKey(6), firstName: "Gero", answers: p.slots.map((s) => ({ slotId: s.id, available: false })) });
    testClock.freeze(new Date(NOW.getTime() + DAY + 1));
    expect(await org.caller.planner.get({ id: p.id })).toMatchObject({ ended: true, status: "OPEN", leadingSlotId: null });
    expect(await errorData(org.caller.planner.convert({ id: p.id, gameId: 1 }))).toMatchObject({ code: "PLANNER_NO_WINNER" });
  });
});
