import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { gameEvents } from "../../db/schema";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { dispatchPendingNotifications } from "../notifications/service";
import { refreshPayment } from "../payments/service";
import { handlePaymentExpiry } from "./payment-lifecycle";
import { handlePaymentReminder, REMINDER_LEAD_MS, reminderTime } from "./payment-notices";
import { emulatorOf, eventDeliverer, eventsSince, managedGame, paymentsOf, signedInPlayer } from "../../testing/payment-fixtures";

/**
 * Everyone told about their payment (issue 13 "Everyone told"): the reminder before an unpaid
 * reservation runs out, the expiry, moving up into a managed game, a released hold. Each is a game
 * event (PAYMENT_DUE, PAYMENT_CHANGED, MOVED_UP) that the dispatcher pushes and mails to the payer.
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const NOW = new Date("2026-10-12T10:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const at = (ms: number) => new Date(NOW.getTime() + ms);
const mailsTo = (email: string) => deps.mailer.catcher!.mails.filter((m) => m.envelopeTo.includes(email));

async function dueEvents(gameId: number) {
  return deps.db.select().from(gameEvents).where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.type, "PAYMENT_DUE")));
}

describe("reminderTime", () => {
  test("five minutes before the deadline, half-way for a short reservation", () => {
    expect(reminderTime(NOW, at(15 * 60_000))).toEqual(at(10 * 60_000));
    expect(reminderTime(NOW, at(60 * 60_000))).toEqual(at(55 * 60_000));
    expect(REMINDER_LEAD_MS).toBe(5 * 60_000);
    expect(reminderTime(NOW, at(20_000))).toEqual(at(10_000));
    expect(reminderTime(NOW, at(4 * 60_000))).toEqual(at(2 * 60_000));
  });
});

describe("payment notices", () => {
  test("an unpaid reservation is reminded once before its deadline, by push and mail; a paid one is not", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30), priceCents: 600 });
    const slow = await signedInPlayer(deps, { receiveGameEmails: true, applicationLanguage: "de" });
    const joined = await slow.caller.participation.join({ gameId: game.id });
    const [payment] = await paymentsOf(deps, joined.participation.id);
    const reminders = await deps.jobs.boss.findJobs("participation-payment-reminder", { data: { participationId: joined.participation.id } });
    expect(reminders.map((j) => new Date(j.startAfter).getTime())).toEqual([reminderTime(NOW, joined.participation.paymentReservationExpiresAt!).getTime()]);

    testClock.freeze(reminderTime(NOW, joined.participation.paymentReservationExpiresAt!));
    await handlePaymentReminder(deps, { participationId: joined.participation.id, paymentId: payment!.id });
    expect(await dueEvents(game.id)).toHaveLength(1);
    await dispatchPendingNotifications(deps);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(slow.user.email));
    expect(mail.subject).toStartWith("Reservierung läuft ab:");
    expect(mail.text).toContain("Bitte bezahle jetzt, um Deinen Platz zu behalten.");
    expect(mail.text).toContain(`/game/${game.id}`);

    // the one who paid in time hears nothing
    const quick = await signedInPlayer(deps, { receiveGameEmails: true });
    const paid = await quick.caller.participation.join({ gameId: game.id });
    const [paidPayment] = await paymentsOf(deps, paid.participation.id);
    emulatorOf(deps).confirm(paidPayment!.stripePaymentIntentId, "success");
    await refreshPayment(deps, paidPayment!.id); // Stripe's word, as the webhook would bring it
    testClock.freeze(reminderTime(testClock.now(), paid.participation.paymentReservationExpiresAt!));
    await handlePaymentReminder(deps, { participationId: paid.participation.id, paymentId: paidPayment!.id });
    expect((await dueEvents(game.id)).map((e) => (e.payload as { participationId: number }).participationId)).toEqual([joined.participation.id]);
    // and the reminder job run again (a retry) after the deadline sends nothing more
    testClock.freeze(joined.participation.paymentReservationExpiresAt!);
    await handlePaymentReminder(deps, { participationId: joined.participation.id, paymentId: payment!.id });
    expect(await dueEvents(game.id)).toHaveLength(1);
  });

  test("after the deadline nothing is reminded; the expiry tells the player their place was released", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30) });
    const p = await signedInPlayer(deps, { receiveGameEmails: true, applicationLanguage: "en" });
    const joined = await p.caller.participation.join({ gameId: game.id });
    const [payment] = await paymentsOf(deps, joined.participation.id);
    const deadline = joined.participation.paymentReservationExpiresAt!;
    testClock.freeze(deadline);
    await handlePaymentReminder(deps, { participationId: joined.participation.id, paymentId: payment!.id });
    expect(await dueEvents(game.id)).toHaveLength(0);

    await handlePaymentExpiry(deps, { participationId: joined.participation.id, paymentId: payment!.id });
    await dispatchPendingNotifications(deps);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(p.user.email));
    expect(mail.subject).toStartWith("Reservation expired:");
    expect(mailsTo(p.user.email)).toHaveLength(1);
  });

  test("moving up into a managed game asks the player to pay", async () => {
    testClock.freeze(NOW);
    const { game } = await managedGame(deps, { startTime: hours(30), maxPlayers: 2 });
    const first = await signedInPlayer(deps);
    const joined = await first.caller.participation.join({ gameId: game.id });
    const next = await signedInPlayer(deps, { receiveGameEmails: true, applicationLanguage: "de" });
    await next.caller.participation.join({ gameId: game.id, queue: true, deviceToken: `next-${crypto.randomUUID()}` });
    const [payment] = await paymentsOf(deps, joined.participation.id);
    testClock.freeze(joined.participation.paymentReservationExpiresAt!);
    await handlePaymentExpiry(deps, { participationId: joined.participation.id, paymentId: payment!.id });
    await dispatchPendingNotifications(deps);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(next.user.email));
    expect(mail.subject).toStartWith("Nachgerückt – bitte bezahlen:");
    expect(mail.text).toContain("Jetzt bezahlen:");
  });

  test("a declined card tells the payer once, even when the event is delivered again", async () => {
    testClock.freeze(NOW);
    const deliver = eventDeliverer(deps);
    const { game } = await managedGame(deps, { startTime: hours(30) });
    const p = await signedInPlayer(deps, { receiveGameEmails: true, applicationLanguage: "de" });
    const joined = await p.caller.participation.join({ gameId: game.id });
    const [payment] = await paymentsOf(deps, joined.participation.id);
    const since = eventsSince(emulatorOf(deps));
    emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "decline");
    const failed = since().filter((e) => e.type === "payment_intent.payment_failed");
    expect(failed).toHaveLength(1);
    // the mirror did not change (the intent still waits for a method), the failure was told
    expect((await deliver(failed[0]!)).body).toMatchObject({ outcome: "unchanged" });
    expect((await deliver(failed[0]!)).body).toMatchObject({ outcome: "duplicate" });
    const events = await deps.db.select().from(gameEvents).where(and(eq(gameEvents.gameId, game.id), eq(gameEvents.type, "PAYMENT_FAILED")));
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ participationId: joined.participation.id, userId: p.user.id });
    await dispatchPendingNotifications(deps);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(p.user.email));
    expect(mail.subject).toStartWith("Zahlung fehlgeschlagen:");
  });
});
