import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { courtAvailabilities, courtBookings, courts, games, payments, subCourts } from "../../db/schema";
import { createCourt } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { connectAccount, intentOf, managedGame, paymentsOf, signedInPlayer } from "../../testing/payment-fixtures";

/**
 * Issue 23 item 6: the checkout and the card statement name the game or the booking (title or court,
 * date and time in Berlin) instead of "Kickrunde 7" (shared/rules/payment-description.ts).
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

/** Tuesday 1 December 2026, 10:00 in Berlin. */
const NOW = new Date("2026-12-01T09:00:00Z");
/** Friday 4 December 2026, 19:30 in Berlin. */
const FRIDAY = new Date("2026-12-04T18:30:00Z");

async function gameIntent(title: string | null, courtName: string) {
  const { game } = await managedGame(deps, { startTime: FRIDAY });
  await deps.db.update(courts).set({ name: courtName }).where(eq(courts.id, game.courtId!));
  await deps.db.update(games).set({ title }).where(eq(games.id, game.id));
  const player = await signedInPlayer(deps);
  const joined = await player.caller.participation.join({ gameId: game.id });
  const [payment] = await paymentsOf(deps, joined.participation.id);
  return { intent: await intentOf(deps, payment!.stripePaymentIntentId), checkoutUrl: joined.payment!.checkoutUrl };
}

describe("the payment names what is paid for", () => {
  test("a game without a title: its court, weekday, date and time in Berlin; the statement suffix; the emulator's checkout shows it", async () => {
    testClock.freeze(NOW);
    const { intent, checkoutUrl } = await gameIntent(null, "Soccerhalle Kreuzberg");
    expect(intent.description).toBe("Kickrunde · Soccerhalle Kreuzberg · Fr 04.12. 19:30");
    expect(intent.statement_descriptor_suffix).toBe("FR 04.12.");
    const page = await (await fetch(checkoutUrl!)).text();
    expect(page).toContain("Kickrunde · Soccerhalle Kreuzberg · Fr 04.12. 19:30");
  });

  test("a game with a title: title and court", async () => {
    testClock.freeze(NOW);
    const { intent } = await gameIntent("Feierabendkick", "Bolzplatz Mitte");
    expect(intent.description).toBe("Kickrunde · Feierabendkick · Bolzplatz Mitte · Fr 04.12. 19:30");
    expect(intent.statement_descriptor_suffix).toBe("FR 04.12.");
  });

  test("a court booking: court, sub-court, start and end in Berlin; the statement suffix", async () => {
    testClock.freeze(NOW);
    const owner = await signedInPlayer(deps, { isCourtOwner: true });
    await connectAccount(deps, owner.user.id);
    const court = await createCourt(deps, { rentable: true, ownerId: owner.user.id, name: "Soccerhalle Test" });
    const [sub] = await deps.db.insert(subCourts).values({ courtId: court.id, name: "Feld 2" }).returning();
    await deps.db.insert(subCourts).values({ courtId: court.id, name: "Feld 3" });
    await deps.db.insert(courtAvailabilities).values({ courtId: court.id, weekday: 1, startTime: "16:00", endTime: "23:00", pricePerHourCents: 5000 });
    const renter = await signedInPlayer(deps);
    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: new Date("2026-12-08T18:00:00+01:00"), duration: 90 });
    await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: sub!.id });
    const [booking] = await deps.db.select().from(courtBookings).where(eq(courtBookings.id, b.id));
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, booking!.paymentId!));
    const intent = await intentOf(deps, payment!.stripePaymentIntentId);
    expect(intent.description).toBe("Kickrunde · Platzbuchung · Soccerhalle Test, Feld 2 · Di 08.12. 18:00–19:30");
    expect(intent.statement_descriptor_suffix).toBe("DI 08.12.");
  });

  test("the emulator refuses a suffix Stripe would refuse (too long with the prefix, no letter, a forbidden sign)", async () => {
    const owner = await signedInPlayer(deps);
    const destination = await connectAccount(deps, owner.user.id);
    const create = (statement_descriptor_suffix: string) =>
      deps.payments!.stripe.paymentIntents.create({ amount: 500, currency: "eur", transfer_data: { destination }, statement_descriptor_suffix }).then(
        (pi) => pi.statement_descriptor_suffix,
        (e: { param?: string }) => `refused ${e.param}`,
      );
    expect(await create("FR 04.12.")).toBe("FR 04.12.");
    expect(await create("FREITAG 04.12. 19:30")).toBe("refused statement_descriptor_suffix");
    expect(await create("04.12.")).toBe("refused statement_descriptor_suffix");
    expect(await create("KICK*04")).toBe("refused statement_descriptor_suffix");
  });
});
