import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../../context";
import { courtAvailabilities, subCourts } from "../../db/schema";
import { createCourt } from "../../testing/factories";
import { settledJobs } from "../../testing/jobs";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { connectAccount, signedInPlayer } from "../../testing/payment-fixtures";
import { dispatchPendingNotifications } from "./service";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

/** Tuesday 1 December 2026, 10:00 in Berlin. */
const NOW = new Date("2026-12-01T09:00:00Z");

describe("court booking notices", () => {
  test("request → owner (with the accept link), accept → renter, cancel → the other side; pushes and mails in each one's language", async () => {
    testClock.freeze(NOW);
    const owner = await signedInPlayer(deps, { isCourtOwner: true, applicationLanguage: "de", firstName: "Sabine" });
    await connectAccount(deps, owner.user.id);
    const court = await createCourt(deps, { rentable: true, ownerId: owner.user.id, name: "Soccerhalle Test" });
    const [sub] = await deps.db.insert(subCourts).values({ courtId: court.id, name: "Court 1" }).returning();
    await deps.db.insert(courtAvailabilities).values({ courtId: court.id, weekday: 1, startTime: "16:00", endTime: "23:00", pricePerHourCents: 5000 });
    const renter = await signedInPlayer(deps, { applicationLanguage: "en", firstName: "Mehmet" });
    const ownerDevice = `booking-owner-${crypto.randomUUID()}`;
    await owner.caller.notifications.registerNativeDevice({ deviceToken: ownerDevice, language: "de" });
    const renterDevice = `booking-renter-${crypto.randomUUID()}`;
    await renter.caller.notifications.registerNativeDevice({ deviceToken: renterDevice, language: "en" });

    const b = await renter.caller.bookings.create({ courtId: court.id, startTime: new Date("2026-12-08T18:00:00+01:00"), duration: 60 });
    await dispatchPendingNotifications(deps);
    const [request] = await settledJobs(deps, "send-push", { deviceToken: ownerDevice });
    expect(request!.data.message).toMatchObject({ title: "Neue Buchungsanfrage", body: "Mehmet möchte Soccerhalle Test, Di., 08.12., 18:00 mieten.", url: `http://localhost:3000/court-booking/${b.id}?action=accept` });
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(owner.user.email) && m.subject.startsWith("Neue Buchungsanfrage"));
    expect(mail.text).toContain(`Anfrage ansehen: http://localhost:3000/court-booking/${b.id}?action=accept`);

    await owner.caller.bookings.update({ id: b.id, status: "TP", subCourtId: sub!.id });
    await dispatchPendingNotifications(deps);
    const [accepted] = await settledJobs(deps, "send-push", { deviceToken: renterDevice });
    expect(accepted!.data.message).toMatchObject({ title: "Booking accepted", body: "Soccerhalle Test, Tue 08/12, 18:00: please pay now to confirm the booking.", url: `http://localhost:3000/court-booking/${b.id}` });
    const renterMail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(renter.user.email) && m.subject.startsWith("Booking accepted"));
    expect(renterMail.text).toContain("Please pay within 24 hours");

    // the renter cancels: only the owner hears of it
    await renter.caller.bookings.update({ id: b.id, status: "CA" });
    await dispatchPendingNotifications(deps);
    const ownerPushes = await settledJobs(deps, "send-push", { deviceToken: ownerDevice });
    expect(ownerPushes.map((j) => j.data.message.title).sort()).toEqual(["Buchung storniert", "Neue Buchungsanfrage"]);
    expect((await settledJobs(deps, "send-push", { deviceToken: renterDevice })).map((j) => j.data.message.title)).toEqual(["Booking accepted"]);
  });
});
