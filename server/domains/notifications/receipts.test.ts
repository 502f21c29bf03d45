import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Deps } from "../../context";
import { courtAvailabilities, courtBookings, courts, gameEvents, games, payments, subCourts } from "../../db/schema";
import { createCourt } from "../../testing/factories";
import { settledJobs } from "../../testing/jobs";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { connectAccount, emulatorOf, eventDeliverer, eventsSince, managedGame, paymentsOf, signedInPlayer } from "../../testing/payment-fixtures";
import { dispatchPendingNotifications } from "./service";

/**
 * Issue 23 item 6: a receipt mail after each payment (a game's place, a court booking), in the payer's
 * language, exactly once however Stripe's webhooks repeat or arrive; item 4: the organiser hears of a
 * payment refunded outside the app.
 */

let deps: Deps;
let deliver: ReturnType<typeof eventDeliverer>;
beforeAll(async () => {
  deps = await testDeps();
  deliver = eventDeliverer(deps);
});

/** Tuesday 1 December 2026, 10:00 in Berlin. */
const NOW = new Date("2026-12-01T09:00:00Z");
/** Friday 4 December 2026, 19:30 in Berlin. */
const FRIDAY_1930 = new Date("2026-12-04T18:30:00Z");
const text = (s: string) => s.replace(/\u00a0/g, " ").replace(/\r\n/g, "\n");

/** What the customer does at the emulator, and the events it made (oldest first). */
async function atStripe(action: () => unknown): Promise<Stripe.Event[]> {
  const since = eventsSince(emulatorOf(deps));
  await action();
  return since();
}

const receiptJobs = async (email: string) => (await settledJobs(deps, "send-mail", { to: email })).filter((j) => j.data.template.name === "payment-receipt");

async function paidGame(values: { instantCapture?: boolean; language: "de" | "en" }) {
  const { host, game } = await managedGame(deps, { startTime: FRIDAY_1930, instantCapture: values.instantCapture, priceCents: 500 });
  await deps.db.update(courts).set({ name: "Soccerhalle Kreuzberg", address: "Ohlauer Str. 1, 10999 Berlin" }).where(eq(courts.id, game.courtId!));
  await deps.db.update(games).set({ title: "Feierabendkick", durationMinutes: 90, endTime: new Date(FRIDAY_1930.getTime() + 90 * 60_000) }).where(eq(games.id, game.id));
  // receiveGameEmails off: a receipt is about money and comes anyway
  const payer = await signedInPlayer(deps, { applicationLanguage: values.language, receiveGameEmails: false, firstName: "Lena" });
  const joined = await payer.caller.participation.join({ gameId: game.id, playerCount: 2 });
  const [payment] = await paymentsOf(deps, joined.participation.id);
  const events = await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
  return { host, game, payer, participationId: joined.participation.id, events };
}

describe("receipts", () => {
  test("a held card: one receipt in German (what, when, where, amount, taken at the start, link), though the webhooks come backwards and twice", async () => {
    testClock.freeze(NOW);
    const { game, payer, participationId, events } = await paidGame({ language: "de" });
    // out of order, then all again
    for (const event of [...events].reverse()) await deliver(event);
    await dispatchPendingNotifications(deps);
    for (const event of events) await deliver(event);
    await dispatchPendingNotifications(deps);

    expect(await receiptJobs(payer.user.email)).toHaveLength(1);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(payer.user.email) && m.subject.startsWith("Zahlungsbeleg"));
    expect(mail.subject).toBe("Zahlungsbeleg: Kickrunde „Feierabendkick“, Fr., 04.12.2026");
    const body = text(mail.text);
    expect(body).toContain("Wofür: Kickrunde „Feierabendkick“");
    expect(body).toContain("Wann: Fr., 04.12.2026, 19:30–21:00 Uhr");
    expect(body).toContain("Wo: Soccerhalle Kreuzberg, Ohlauer Str. 1, 10999 Berlin");
    expect(body).toContain("Betrag: 10,00 € (2 Plätze)");
    expect(body).toContain("Der Betrag wird zum Spielbeginn eingezogen.");
    expect(body).toContain(`Zum Spiel: http://localhost:3000/game/${game.id}`);
    expect(text(mail.html)).toContain("Betrag: 10,00 € (2 Plätze)");
    // the hold taken at the start (Approved → Captured) sends no second receipt
    await deps.db.insert(gameEvents).values({ gameId: game.id, type: "PAYMENT_CHANGED", actorId: null, payload: { participationId, userId: payer.user.id, from: "Approved", to: "Captured", revoked: false }, createdAt: NOW });
    await dispatchPendingNotifications(deps);
    expect(await receiptJobs(payer.user.email)).toHaveLength(1);
  });

  test("instant capture, in English: charged now", async () => {
    testClock.freeze(NOW);
    const { payer, events } = await paidGame({ language: "en", instantCapture: true });
    for (const event of events) await deliver(event);
    await dispatchPendingNotifications(deps);
    expect(await receiptJobs(payer.user.email)).toHaveLength(1);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(payer.user.email) && m.subject.startsWith("Payment receipt"));
    expect(mail.subject).toBe("Payment receipt: Kickrunde “Feierabendkick”, Fri, 04/12/2026");
    const body = text(mail.text);
    expect(body).toContain("When: Fri, 04/12/2026, 19:30–21:00");
    expect(body).toContain("Amount: €10.00 (2 places)");
    expect(body).toContain("The amount has been charged.");
    expect(body).not.toContain("start of the game");
  });

  test("a court booking paid by card: the renter's receipt (court, sub-court, time, amount) instead of the 'court booked' mail, once", async () => {
    testClock.freeze(NOW);
    const owner = await signedInPlayer(deps, { isCourtOwner: true });
    await connectAccount(deps, owner.user.id);
    const court = await createCourt(deps, { rentable: true, ownerId: owner.user.id, name: "Bolzhalle", address: "Hauptstr. 5, Berlin" });
    const [sub] = await deps.db.insert(subCourts).values({ courtId: court.id, name: "Feld 2" }).returning();
    await deps.db.insert(subCourts).values({ courtId: court.id, name: "Feld 3" });
    await deps.db.insert(courtAvailabilities).values({ courtId: court.id, weekday: 1, startTime: "16:00", endTime: "23:00", pricePerHourCents: 5000 });
    const renter = await signedInPlayer(deps, { applicationLanguage: "de" });
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: new Date("2026-12-08T18:00:00+01:00"), duration: 60 });
    await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: sub!.id });
    const [booking] = await deps.db.select().from(courtBookings).where(eq(courtBookings.id, b.id));
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, booking!.paymentId!));
    const events = await atStripe(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
    for (const event of [...events, ...events]) await deliver(event);
    await dispatchPendingNotifications(deps);

    const jobs = await settledJobs(deps, "send-mail", { to: renter.user.email });
    expect(jobs.map((j) => j.data.template.name).sort()).toEqual(["booking-accepted", "payment-receipt"]);
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(renter.user.email) && m.subject.startsWith("Zahlungsbeleg"));
    expect(mail.subject).toBe("Zahlungsbeleg: Platzbuchung Bolzhalle, Feld 2, Di., 08.12.2026");
    const body = text(mail.text);
    expect(body).toContain("Wann: Di., 08.12.2026, 18:00–19:00 Uhr");
    expect(body).toContain("Wo: Bolzhalle, Hauptstr. 5, Berlin");
    expect(body).toContain(`Betrag: ${text(new Intl.NumberFormat("de", { style: "currency", currency: "EUR" }).format(booking!.priceCents / 100))}`);
    expect(body).toContain("Der Betrag wurde eingezogen.");
    expect(body).toContain(`Zur Buchung: http://localhost:3000/court-booking/${b.id}`);
  });
});

describe("a payment refunded outside the app", () => {
  test("the organiser gets a push and a mail with the player's name and the amount; the player gets no 'released' notice", async () => {
    testClock.freeze(NOW);
    const { host, game, payer, participationId, events } = await paidGame({ language: "de", instantCapture: true });
    for (const event of events) await deliver(event);
    await dispatchPendingNotifications(deps);
    const hostDevice = `refund-host-${crypto.randomUUID()}`;
    await host.caller.notifications.registerNativeDevice({ deviceToken: hostDevice, language: "de" });
    const payerDevice = `refund-payer-${crypto.randomUUID()}`;
    await payer.caller.notifications.registerNativeDevice({ deviceToken: payerDevice, language: "de" });
    const [payment] = await paymentsOf(deps, participationId);
    await deps.db.update(payments).set({ amountRefundedCents: 1000 }).where(eq(payments.id, payment!.id));
    // as the lead engineer's reconciliation records it (contract of issue 23 item 4)
    await deps.db.insert(gameEvents).values({
      gameId: game.id,
      type: "PAYMENT_CHANGED",
      actorId: null,
      payload: { participationId, userId: payer.user.id, from: "Captured", to: "Released", revoked: false, refundedOutsideApp: true },
      createdAt: NOW,
    });
    await dispatchPendingNotifications(deps);

    const [push] = await settledJobs(deps, "send-push", { deviceToken: hostDevice });
    expect({ ...push!.data.message, body: text(push!.data.message.body) }).toMatchObject({
      title: "Feierabendkick",
      body: "Die Zahlung von Lena (10,00 €) wurde außerhalb der App erstattet.",
      url: `http://localhost:3000/game/${game.id}`,
    });
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(host.user.email) && m.subject === "Zahlung erstattet: Feierabendkick");
    expect(text(mail.text)).toContain("Die Zahlung von Lena (10,00 €) wurde außerhalb der App erstattet.");
    expect(await settledJobs(deps, "send-push", { deviceToken: payerDevice })).toEqual([]);
    // and no second receipt either
    expect(await receiptJobs(payer.user.email)).toHaveLength(1);
  });
});
