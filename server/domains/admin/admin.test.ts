import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, SUPPORT_USER_ID } from "@shared/constants";
import { ADMIN_PROCEDURES } from "@shared/schemas/admin";
import type { Deps } from "../../context";
import { auditLog, directMessages, gameReports, regions, sessions } from "../../db/schema";
import type { GamePaymentsReleaseJob } from "../../jobs/definitions";
import type { TestPushEndpoint } from "../../integrations/push/test-endpoint";
import { createReport, createWebhookFailure, ensureSupportUser } from "../../testing/admin-fixtures";
import { callerFor, errorData } from "../../testing/caller";
import { createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { settledJobs } from "../../testing/jobs";
import { intentOf, managedGame, participationRow, payingPlayer, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { testDeps, testPushEndpoint } from "../../testing/test-db";
import { appRouter } from "../../trpc/router";
import { handleGamePaymentsRelease } from "../participation/payment-lifecycle";

let deps: Deps;
let endpoint: TestPushEndpoint;
let admin: Awaited<ReturnType<typeof signedInPlayer>>;
beforeAll(async () => {
  deps = await testDeps();
  endpoint = await testPushEndpoint();
  admin = await signedInPlayer(deps, { isAdmin: true });
});

const entriesBy = (actorId: number) => deps.db.select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(auditLog.id);
const uniqueSlug = () => `stadt-${crypto.randomUUID().slice(0, 8)}`;

/** A fresh admin, so a test counts only its own audit entries. */
async function freshAdmin() {
  return signedInPlayer(deps, { isAdmin: true });
}

describe("who may use the console", () => {
  test("the contract lists exactly the router's procedures", () => {
    const routed = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith("admin.")).map((p) => p.slice("admin.".length));
    expect(routed.sort()).toEqual([...ADMIN_PROCEDURES].sort());
  });

  test("every admin procedure refuses visitors, players, court owners and staff group members", async () => {
    const anonymous = (await callerFor(deps)).caller;
    const player = (await signedInPlayer(deps)).caller;
    const courtOwner = (await signedInPlayer(deps, { isCourtOwner: true })).caller;
    const lead = (await signedInPlayer(deps, { groupNames: [STAFF_GROUP_LEAD] })).caller;
    const employee = (await signedInPlayer(deps, { groupNames: [STAFF_GROUP_EMPLOYEE] })).caller;
    for (const name of ADMIN_PROCEDURES) {
      const call = (c: typeof anonymous) => (c.admin as unknown as Record<string, (input: unknown) => Promise<unknown>>)[name]!({ id: 1, textDe: "x", textEn: "x" });
      expect({ name, ...(await errorData(call(anonymous))) }).toMatchObject({ name, code: "UNAUTHENTICATED" });
      for (const c of [player, courtOwner, lead, employee]) expect({ name, ...(await errorData(call(c))) }).toMatchObject({ name, code: "FORBIDDEN" });
    }
  });
});

describe("regions and the audit log", () => {
  test("create and update write one entry each with before and after; refused actions write none", async () => {
    const a = await freshAdmin();
    const slug = uniqueSlug();
    const created = await a.caller.admin.createRegion({ name: "Neustadt", slug, latitude: 52.1, longitude: 11.6, whatsappGroupUrl: "https://chat.whatsapp.com/AbC123", telegramChannelUrl: "https://t.me/neustadt" });
    expect(created).toMatchObject({ name: "Neustadt", slug, perimeter: 25, mapZoomLevel: 11, featured: false, whatsappGroupUrl: "https://chat.whatsapp.com/AbC123", head: null, userCount: 0 });
    let entries = await entriesBy(a.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "region.create", subjectType: "region", subjectId: created.id, before: null, after: { slug, name: "Neustadt" } });

    const updated = await a.caller.admin.updateRegion({ id: created.id, name: "Neustadt an der Spree", featured: true, headId: a.user.id, whatsappGroupUrl: "" });
    expect(updated).toMatchObject({ name: "Neustadt an der Spree", featured: true, head: { id: a.user.id }, whatsappGroupUrl: null });
    entries = await entriesBy(a.user.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      action: "region.update",
      before: { name: "Neustadt", featured: false, headId: null, whatsappGroupUrl: "https://chat.whatsapp.com/AbC123" },
      after: { name: "Neustadt an der Spree", featured: true, headId: a.user.id, whatsappGroupUrl: null },
    });
    expect(Object.keys(entries[1]!.before as object).sort()).toEqual(["featured", "headId", "name", "whatsappGroupUrl"]);

    // refusals: a taken slug (create and update), an unknown head, an unknown region; none writes an entry or changes the row
    const other = await createRegion(deps);
    expect(await errorData(a.caller.admin.createRegion({ name: "Doppelt", slug: other.slug, latitude: 1, longitude: 1 }))).toMatchObject({ code: "SLUG_TAKEN" });
    expect(await errorData(a.caller.admin.updateRegion({ id: created.id, slug: other.slug }))).toMatchObject({ code: "SLUG_TAKEN" });
    expect(await errorData(a.caller.admin.updateRegion({ id: created.id, name: "Nie", headId: 2_000_000_000 }))).toMatchObject({ code: "USER_NOT_FOUND" });
    expect(await errorData(a.caller.admin.updateRegion({ id: 2_000_000_000, name: "Nie" }))).toMatchObject({ code: "REGION_NOT_FOUND" });
    expect(await entriesBy(a.user.id)).toHaveLength(2);
    expect((await deps.db.select().from(regions).where(eq(regions.id, created.id)))[0]).toMatchObject({ name: "Neustadt an der Spree", slug });

    // the log, newest first, filtered by subject
    const log = await a.caller.admin.auditLog({ subjectType: "region", subjectId: created.id });
    expect(log.items.map((e) => e.action)).toEqual(["region.update", "region.create"]);
    expect(log.items[0]!.actor).toMatchObject({ id: a.user.id });
    expect((await a.caller.admin.regions()).find((r) => r.id === created.id)).toMatchObject({ slug });
  });

  test("slugs and messenger links are checked: https only, known hosts", async () => {
    const bad = [
      { slug: "Groß" },
      { slug: "-a" },
      { whatsappGroupUrl: "http://chat.whatsapp.com/x" },
      { whatsappGroupUrl: "https://evil.example/chat.whatsapp.com" },
      { whatsappChannelUrl: "https://chat.whatsapp.com/x" },
      { telegramGroupUrl: "https://t.me.evil.example/x" },
      { telegramChannelUrl: "javascript:alert(1)" },
    ];
    for (const b of bad) {
      const r = await errorData(admin.caller.admin.createRegion({ name: "X", slug: uniqueSlug(), latitude: 1, longitude: 1, ...b }));
      expect({ b, code: r.code }).toEqual({ b, code: "VALIDATION" });
    }
    const ok = await admin.caller.admin.createRegion({ name: "Links", slug: uniqueSlug(), latitude: 1, longitude: 1, whatsappChannelUrl: "https://whatsapp.com/channel/0029Va", telegramGroupUrl: "https://t.me/+abc" });
    expect(ok).toMatchObject({ whatsappChannelUrl: "https://whatsapp.com/channel/0029Va", telegramGroupUrl: "https://t.me/+abc" });
  });
});

describe("organisations", () => {
  test("create, fee in steps of 0.01, members added and removed, each with one entry", async () => {
    const a = await freshAdmin();
    const org = await a.caller.admin.createOrganization({ name: "FC Konsole", gameApplicationFeePercentage: 7.25 });
    expect(org).toMatchObject({ name: "FC Konsole", gameApplicationFeePercentage: 7.25, memberCount: 0, members: [] });
    expect((await errorData(a.caller.admin.updateOrganization({ id: org.id, gameApplicationFeePercentage: 7.255 }))).code).toBe("VALIDATION");
    expect((await errorData(a.caller.admin.updateOrganization({ id: org.id, gameApplicationFeePercentage: 100.01 }))).code).toBe("VALIDATION");
    expect(await a.caller.admin.updateOrganization({ id: org.id, gameApplicationFeePercentage: 0 })).toMatchObject({ gameApplicationFeePercentage: 0 });

    const member = await createUser(deps, { firstName: "Mitglied" });
    expect((await a.caller.admin.addOrganizationMember({ organizationId: org.id, userId: member.id })).members.map((m) => m.id)).toEqual([member.id]);
    const stranger = await createUser(deps);
    expect(await errorData(a.caller.admin.removeOrganizationMember({ organizationId: org.id, userId: stranger.id }))).toMatchObject({ code: "USER_NOT_IN_ORGANIZATION" });
    expect(await errorData(a.caller.admin.addOrganizationMember({ organizationId: 2_000_000_000, userId: member.id }))).toMatchObject({ code: "ORGANIZATION_NOT_FOUND" });
    expect((await a.caller.admin.removeOrganizationMember({ organizationId: org.id, userId: member.id })).memberCount).toBe(0);
    const entries = await entriesBy(a.user.id);
    expect(entries.map((e) => e.action)).toEqual(["organization.create", "organization.update", "organization.addMember", "organization.removeMember"]);
    expect(entries[1]).toMatchObject({ before: { gameApplicationFeePercentage: 7.25 }, after: { gameApplicationFeePercentage: 0 } });
    expect(entries[2]).toMatchObject({ before: { userId: member.id, organizationId: null }, after: { userId: member.id, organizationId: org.id } });
  });
});

describe("users: search, roles, block", () => {
  test("search by part of the name or e-mail, paged; roles and staff groups change with one entry", async () => {
    const a = await freshAdmin();
    const tag = crypto.randomUUID().slice(0, 8);
    const u = await createUser(deps, { firstName: "Quirin", lastName: `Such${tag}`, email: `quirin-${tag}@example.org` });
    expect((await a.caller.admin.users({ query: `such${tag}` })).items.map((x) => x.id)).toEqual([u.id]);
    expect((await a.caller.admin.users({ query: `quirin-${tag}@` })).items.map((x) => x.id)).toEqual([u.id]);
    expect((await a.caller.admin.users({ query: "%" , limit: 1 })).items.length).toBeLessThanOrEqual(1);
    expect((await errorData(a.caller.admin.users({ query: "x".repeat(101) }))).code).toBe("VALIDATION");

    const org = await a.caller.admin.createOrganization({ name: `Rollen ${tag}` });
    const detail = await a.caller.admin.setUserRoles({ id: u.id, isCourtOwner: true, groups: [STAFF_GROUP_LEAD], organizationId: org.id });
    expect(detail).toMatchObject({ isCourtOwner: true, isAdmin: false, groups: [STAFF_GROUP_LEAD], organization: { id: org.id } });
    const again = await a.caller.admin.setUserRoles({ id: u.id, groups: [STAFF_GROUP_EMPLOYEE] });
    expect(again.groups).toEqual([STAFF_GROUP_EMPLOYEE]);
    const entries = (await entriesBy(a.user.id)).filter((e) => e.action === "user.setRoles");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ subjectId: u.id, before: { isCourtOwner: false, groups: [], organizationId: null }, after: { isCourtOwner: true, groups: [STAFF_GROUP_LEAD], organizationId: org.id } });
    expect(again.recentAudit.map((e) => e.action)).toEqual(["user.setRoles", "user.setRoles"]);

    // an admin cannot demote or block themselves; nothing is written
    const before = (await entriesBy(a.user.id)).length;
    expect(await errorData(a.caller.admin.setUserRoles({ id: a.user.id, isAdmin: false }))).toMatchObject({ code: "ADMIN_SELF_ACTION" });
    expect(await errorData(a.caller.admin.blockUser({ id: a.user.id }))).toMatchObject({ code: "ADMIN_SELF_ACTION" });
    expect(await errorData(a.caller.admin.setUserRoles({ id: 2_000_000_000, isCourtOwner: true }))).toMatchObject({ code: "USER_NOT_FOUND" });
    expect(await entriesBy(a.user.id)).toHaveLength(before);
  });

  test("two admins changing each other's roles at the same time both succeed (no deadlock on the audit entries)", async () => {
    const [a, b] = [await freshAdmin(), await freshAdmin()];
    // each change locks the subject's row and writes an audit entry naming its actor, the other's subject: with
    // FOR UPDATE the entries' key checks waited for each other's lock and PostgreSQL ended one (a 500 in the fuzz)
    const rounds = Array.from({ length: 20 }, (_, i) => [
      a.caller.admin.setUserRoles({ id: b.user.id, isCourtOwner: i % 2 === 0 }),
      b.caller.admin.setUserRoles({ id: a.user.id, isCourtOwner: i % 2 === 0 }),
    ]).flat();
    const settled = await Promise.allSettled(rounds);
    expect(settled.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect((await entriesBy(a.user.id)).filter((e) => e.action === "user.setRoles").length).toBeGreaterThan(0);
  });

  test("blocking ends every session at once, refuses sign-in with its own error; unblocking lets them in again", async () => {
    const a = await freshAdmin();
    const p = await signedInPlayer(deps);
    const second = await callerFor(deps);
    await second.caller.auth.login({ email: p.user.email, password: FACTORY_PASSWORD });
    expect((await a.caller.admin.user({ id: p.user.id })).activeSessions).toBe(2);

    const blocked = await a.caller.admin.blockUser({ id: p.user.id, reason: "Spam im Chat" });
    expect(blocked.blockedAt).toBeInstanceOf(Date);
    expect(blocked.activeSessions).toBe(0);
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, p.user.id))).toHaveLength(0);
    // the next request with either old cookie is signed out; the refresh cannot revive it
    for (const token of [p.token, second.cookies.token!]) {
      const { caller } = await callerFor(deps, { token });
      expect(await errorData(caller.chat.unreadCount())).toMatchObject({ code: "UNAUTHENTICATED" });
      expect(await errorData(caller.auth.refresh())).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    const login = (await callerFor(deps)).caller;
    expect(await errorData(login.auth.login({ email: p.user.email, password: FACTORY_PASSWORD }))).toMatchObject({ code: "ACCOUNT_BLOCKED" });
    expect(await errorData(login.auth.login({ email: p.user.email, password: "falsches-passwort" }))).toMatchObject({ code: "INVALID_CREDENTIALS" });
    const entry = (await entriesBy(a.user.id)).at(-1)!;
    expect(entry).toMatchObject({ action: "user.block", subjectId: p.user.id, before: { blockedAt: null }, after: { reason: "Spam im Chat" } });

    const unblocked = await a.caller.admin.unblockUser({ id: p.user.id });
    expect(unblocked.blockedAt).toBeNull();
    const back = await callerFor(deps);
    await back.caller.auth.login({ email: p.user.email, password: FACTORY_PASSWORD });
    expect(await (await callerFor(deps, { token: back.cookies.token })).caller.chat.unreadCount()).toBeDefined();
    expect((await entriesBy(a.user.id)).map((e) => e.action).slice(-2)).toEqual(["user.block", "user.unblock"]);
  });
});

describe("news", () => {
  async function subscribedPhone(regionId: number, language: "de" | "en") {
    const { caller } = await callerFor(deps);
    const s = endpoint.subscribe();
    const { deviceToken } = await caller.notifications.registerWebPush({ subscription: { endpoint: s.endpoint, keys: s.keys }, language });
    await caller.notifications.subscribeToRegion({ deviceToken, regionId, messagingLanguage: language });
    return { id: s.id, deviceToken };
  }

  test("a message for a region is pushed to its subscribers only and shown in the News of its users only", async () => {
    const a = await freshAdmin();
    const here = await createRegion(deps);
    const there = await createRegion(deps);
    const phoneDe = await subscribedPhone(here.id, "de");
    const phoneEn = await subscribedPhone(here.id, "en");
    const elsewhere = await subscribedPhone(there.id, "de");
    const tag = crypto.randomUUID().slice(0, 8);

    const sent = await a.caller.admin.sendNews({ textDe: `Sommerfest ${tag}`, textEn: `Summer party ${tag}`, regionIds: [here.id] });
    expect(sent).toMatchObject({ pushes: 2, regions: [{ id: here.id }], createdBy: { id: a.user.id } });
    expect((await endpoint.next(phoneDe.id)).payload).toMatchObject({ title: "Neuigkeiten von Kickrunde", body: `Sommerfest ${tag}`, url: "http://localhost:3000/chat?tab=news" });
    expect((await endpoint.next(phoneEn.id)).payload).toMatchObject({ title: "News from Kickrunde", body: `Summer party ${tag}` });
    expect(await settledJobs(deps, "send-push", { deviceToken: elsewhere.deviceToken })).toHaveLength(0);
    expect(await settledJobs(deps, "send-push", { deviceToken: phoneDe.deviceToken })).toHaveLength(1);

    const newsOf = async (regionId: number | null) => {
      if (regionId === null) return (await callerFor(deps)).caller.chat.marketingMessages();
      return (await signedInPlayer(deps, { regionId })).caller.chat.marketingMessages();
    };
    expect((await newsOf(here.id)).map((m) => m.id)).toContain(sent.id);
    expect((await newsOf(there.id)).map((m) => m.id)).not.toContain(sent.id);
    expect((await newsOf(null)).map((m) => m.id)).not.toContain(sent.id);

    // without regions: everyone reads it
    const all = await a.caller.admin.sendNews({ textDe: `Für alle ${tag}`, textEn: `For all ${tag}` });
    for (const r of [here.id, there.id, null]) expect((await newsOf(r)).map((m) => m.id)).toContain(all.id);
    expect((await entriesBy(a.user.id)).map((e) => e.action)).toEqual(["news.send", "news.send"]);
    expect((await a.caller.admin.news({})).items.find((n) => n.id === sent.id)).toMatchObject({ textDe: `Sommerfest ${tag}`, regions: [{ id: here.id, name: here.name }] });

    // refused: both texts required, at most 1000 characters, regions must exist; nothing stored or written
    expect((await errorData(a.caller.admin.sendNews({ textDe: "", textEn: "x" }))).code).toBe("VALIDATION");
    expect((await errorData(a.caller.admin.sendNews({ textDe: "x".repeat(1001), textEn: "x" }))).code).toBe("VALIDATION");
    expect(await errorData(a.caller.admin.sendNews({ textDe: "x", textEn: "x", regionIds: [2_000_000_000] }))).toMatchObject({ code: "REGION_NOT_FOUND" });
    expect(await entriesBy(a.user.id)).toHaveLength(2);
  });
});

describe("game reports", () => {
  test("the queue; an answer is a direct message from the support user; close", async () => {
    const a = await freshAdmin();
    await ensureSupportUser(deps);
    const host = await createUser(deps);
    const game = await createGameRow(deps, { creatorId: host.id, regionId: (await createRegion(deps)).id, startTime: new Date(Date.now() + 5 * 86_400_000), title: "Gemeldet" });
    const reporter = await signedInPlayer(deps);
    const report = await createReport(deps, game.id, reporter.user.id);

    const queue = await a.caller.admin.gameReports({ limit: 100 });
    expect(queue.items.find((r) => r.id === report.id)).toMatchObject({ status: "OPEN", reporter: { id: reporter.user.id }, game: { id: game.id, title: "Gemeldet", cancelled: false, organizer: { id: host.id } } });

    const answered = await a.caller.admin.answerGameReport({ id: report.id, text: "Danke für Deine Meldung, wir haben den Organisator angeschrieben." });
    expect(answered).toMatchObject({ status: "ANSWERED", answer: "Danke für Deine Meldung, wir haben den Organisator angeschrieben.", handledBy: { id: a.user.id } });
    const dms = await deps.db.select().from(directMessages).where(and(eq(directMessages.receiverId, reporter.user.id), eq(directMessages.senderId, SUPPORT_USER_ID)));
    expect(dms.map((m) => m.text)).toEqual(["Danke für Deine Meldung, wir haben den Organisator angeschrieben."]);
    const conversation = await reporter.caller.chat.directMessages({ partnerId: SUPPORT_USER_ID });
    expect(conversation.objects.map((m) => m.text)).toContain("Danke für Deine Meldung, wir haben den Organisator angeschrieben.");

    const closed = await a.caller.admin.closeGameReport({ id: report.id });
    expect(closed).toMatchObject({ status: "CLOSED", closedAt: expect.any(Date) });
    expect(await errorData(a.caller.admin.closeGameReport({ id: report.id }))).toMatchObject({ code: "GAME_REPORT_CLOSED" });
    expect(await errorData(a.caller.admin.answerGameReport({ id: report.id, text: "Noch was" }))).toMatchObject({ code: "GAME_REPORT_CLOSED" });
    expect(await errorData(a.caller.admin.closeGameReport({ id: 2_000_000_000 }))).toMatchObject({ code: "GAME_REPORT_NOT_FOUND" });
    expect((await a.caller.admin.gameReports({ limit: 100 })).items.map((r) => r.id)).not.toContain(report.id);
    expect((await entriesBy(a.user.id)).map((e) => [e.action, (e.before as { status: string }).status, (e.after as { status: string }).status])).toEqual([
      ["gameReport.answer", "OPEN", "ANSWERED"],
      ["gameReport.close", "ANSWERED", "CLOSED"],
    ]);
  });

  test("cancelling the reported game takes the organiser's cancel path: the held card payment is released; the report closes", async () => {
    const a = await freshAdmin();
    const atStripe = stripeActions(deps);
    const { game } = await managedGame(deps, { startTime: new Date(testClock.now().getTime() + 3 * 86_400_000) });
    const payer = await payingPlayer(deps, atStripe, game.id, { pay: true });
    const report = await createReport(deps, game.id, payer.user.id);

    const done = await a.caller.admin.cancelReportedGame({ id: report.id, message: "Abgesagt nach Meldung" });
    expect(done).toMatchObject({ status: "CLOSED", game: { id: game.id, cancelled: true } });
    const jobs = await deps.jobs.boss.findJobs<GamePaymentsReleaseJob>("game-payments-release", { data: { gameId: game.id } });
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    for (const j of jobs) await handleGamePaymentsRelease(deps, j.data);
    expect((await intentOf(deps, payer.intentId)).status).toBe("canceled");
    expect((await participationRow(deps, payer.participationId)).paymentStatus).toBe("Released");
    expect((await entriesBy(a.user.id)).map((e) => e.action)).toEqual(["gameReport.cancelGame"]);

    // a game that already started cannot be cancelled: the report stays open and nothing is written
    const started = await createGameRow(deps, { creatorId: (await createUser(deps)).id, regionId: (await createRegion(deps)).id, startTime: new Date(testClock.now().getTime() - 3_600_000) });
    const late = await createReport(deps, started.id, payer.user.id);
    expect(await errorData(a.caller.admin.cancelReportedGame({ id: late.id }))).toMatchObject({ code: "GAME_ALREADY_STARTED" });
    expect((await deps.db.select().from(gameReports).where(eq(gameReports.id, late.id)))[0]!.status).toBe("OPEN");
    expect(await entriesBy(a.user.id)).toHaveLength(1);
  });
});

describe("payments needing attention and the overview", () => {
  test("a failure without an object is reconciled at once; one entry; the overview counts open ones", async () => {
    const a = await freshAdmin();
    const failure = await createWebhookFailure(deps);
    const open = await a.caller.admin.webhookFailures({ limit: 100 });
    expect(open.items.map((f) => f.id)).toContain(failure.id);
    const overview = await a.caller.admin.overview();
    expect(overview.openWebhookFailures).toBeGreaterThanOrEqual(1);
    expect(overview.users).toBeGreaterThanOrEqual(1);

    const result = await a.caller.admin.reconcileWebhookFailure({ id: failure.id });
    expect(result).toMatchObject({ resolved: true, failure: { id: failure.id, resolvedAt: expect.any(Date), resolvedBy: { id: a.user.id } } });
    expect((await a.caller.admin.webhookFailures({ limit: 100 })).items.map((f) => f.id)).not.toContain(failure.id);
    expect((await a.caller.admin.reconcileWebhookFailure({ id: failure.id })).resolved).toBe(true);
    expect((await entriesBy(a.user.id)).map((e) => e.action)).toEqual(["webhookFailure.reconcile"]);
    expect(await errorData(a.caller.admin.reconcileWebhookFailure({ id: 2_000_000_000 }))).toMatchObject({ code: "WEBHOOK_FAILURE_NOT_FOUND" });
  });
});


describe("webhook failures from the real endpoint", () => {
  test("an event whose application throws is recorded (attempts counted); a later delivery resolves it; staff reconcile another", async () => {
    const { handleStripeWebhook } = await import("../payments/webhooks");
    const { startPayment, findPayment } = await import("../payments/service");
    const { emulatorOf, eventsSince, organiserWithAccount, paymentInput } = await import("../../testing/payment-fixtures");
    const { paymentWebhookFailures } = await import("../../db/schema");
    const organiser = await organiserWithAccount(deps);
    const emulator = emulatorOf(deps);
    const broken: Deps = { ...deps, paymentReactions: [async () => { throw new Error("reaction failed"); }] };
    const failureOf = async (eventId: string) => (await deps.db.select().from(paymentWebhookFailures).where(eq(paymentWebhookFailures.stripeEventId, eventId)))[0];

    async function capturableEvent() {
      const started = await startPayment(deps, null, paymentInput(organiser.accountId, { purpose: "court_booking" }));
      const events = eventsSince(emulator);
      emulator.confirm(started.intentId, "success");
      const event = events().find((e) => e.type === "payment_intent.amount_capturable_updated")!;
      return { started, event };
    }
    const deliverWith = (d: Deps, event: Parameters<typeof emulator.signedRequest>[0]) => {
      const { payload, signature } = emulator.signedRequest(event);
      return handleStripeWebhook(d, payload, signature);
    };

    // 1: fails twice, then a healthy delivery applies it and resolves the failure
    const one = await capturableEvent();
    expect((await deliverWith(broken, one.event)).status).toBe(503);
    expect((await deliverWith(broken, one.event)).status).toBe(503);
    expect(await failureOf(one.event.id)).toMatchObject({ type: "payment_intent.amount_capturable_updated", objectId: one.started.intentId, attempts: 2, resolvedAt: null });
    expect((await deliverWith(deps, one.event)).status).toBe(200);
    expect((await failureOf(one.event.id))!.resolvedAt).toBeInstanceOf(Date);

    // 2: fails, and staff reconcile the intent on demand: read from Stripe (the emulator), applied, resolved
    const two = await capturableEvent();
    expect((await deliverWith(broken, two.event)).status).toBe(503);
    const failure = (await failureOf(two.event.id))!;
    expect((await findPayment(deps, two.started.paymentId))?.status).not.toBe("requires_capture");
    const a = await freshAdmin();
    expect((await a.caller.admin.webhookFailures({ limit: 100 })).items.map((f) => f.id)).toContain(failure.id);
    const result = await a.caller.admin.reconcileWebhookFailure({ id: failure.id });
    expect(result).toMatchObject({ resolved: true, failure: { objectId: two.started.intentId, resolvedBy: { id: a.user.id } } });
    expect((await findPayment(deps, two.started.paymentId))?.status).toBe("requires_capture");
    expect((await entriesBy(a.user.id)).map((e) => e.action)).toEqual(["webhookFailure.reconcile"]);
  });
});
