import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { BookingMailName } from "../../integrations/mail/templates";
import { bookingLabel, pushText, type PushTextKey } from "../../integrations/push/texts";
import type { PushMessage } from "../../integrations/push/web-push";
import { bookingReceiptInfo } from "./notices-repo";
import { enqueueMail, enqueuePush } from "./outbox";
import * as repo from "./repo";

/**
 * Who hears of what happens to a court booking (a `court_booking_events` row, claimed once by the
 * dispatcher like game events): a push to each device and a mail to a confirmed address, in the
 * recipient's language, with a link to the booking. The owner's request notice links with
 * `?action=accept`, so the booking page opens the accept step (it still waits for the owner's click).
 *
 * REQUESTED → owner; ACCEPTED, DECLINED → renter; PAID → both; CANCELLED → the other side of whoever
 * cancelled; EXPIRED → the renter, and the owner when it had been accepted.
 * A booking paid by card gives the renter a receipt mail instead of the "court booked" mail (issue 23
 * item 6; PAID is recorded once per booking, so one receipt however Stripe's webhooks come).
 */
export async function dispatchBookingEvent(deps: Deps, tx: Tx, eventId: number, fresh: (createdAt: Date) => boolean): Promise<number> {
  const info = await repo.bookingEventInfo(tx, eventId);
  if (!info || !fresh(info.event.createdAt)) return 0;
  const { event, booking } = info;
  const owner = info.ownerId;
  const renter = booking.renterId;
  const path = `/court-booking/${booking.id}`;
  const notices: { userId: number; key: PushTextKey; mail: BookingMailName; path: string; receipt?: boolean }[] = [];
  const other = (actorId: number | null) => (actorId === renter ? owner : renter);
  switch (event.type) {
    case "REQUESTED":
      if (owner) notices.push({ userId: owner, key: "bookingRequested", mail: "booking-requested", path: `${path}?action=accept` });
      break;
    case "ACCEPTED":
      // a free booking (100 % discount) is booked at once: its PAID notice says so
      if (booking.priceCents > 0) notices.push({ userId: renter, key: "bookingAccepted", mail: "booking-accepted", path });
      break;
    case "DECLINED":
      notices.push({ userId: renter, key: "bookingDeclined", mail: "booking-declined", path });
      break;
    case "PAID":
      notices.push({ userId: renter, key: "bookingPaidRenter", mail: "booking-paid-renter", path, receipt: booking.paymentId !== null && booking.priceCents > 0 });
      if (owner) notices.push({ userId: owner, key: "bookingPaidOwner", mail: "booking-paid-owner", path });
      break;
    case "CANCELLED": {
      const to = other(event.actorId);
      if (to && to !== event.actorId) notices.push({ userId: to, key: "bookingCancelled", mail: "booking-cancelled", path });
      break;
    }
    case "EXPIRED": {
      notices.push({ userId: renter, key: "bookingExpired", mail: "booking-expired", path });
      const from = (event.payload as { from?: string }).from;
      if (owner && from === "TP") notices.push({ userId: owner, key: "bookingExpired", mail: "booking-expired", path });
      break;
    }
  }
  let pushes = 0;
  const labelOf = (language: "de" | "en") => bookingLabel(language, { courtName: info.courtName, startTime: booking.startsAt });
  for (const n of notices) {
    const name = n.userId === owner ? info.renterName : undefined;
    for (const device of await repo.devicesOfUsers(tx, [n.userId])) {
      const text = pushText(device.language, n.key, { game: labelOf(device.language), name });
      const message: PushMessage = { ...text, url: `${deps.config.publicUrl}${n.path}`, icon: "/favicon.svg", tag: `booking-${booking.id}` };
      await enqueuePush(deps, { deviceToken: device.deviceToken, message }, tx);
      pushes++;
    }
    const receipt = n.receipt ? await bookingReceiptInfo(tx, booking.id) : null;
    for (const u of await repo.mailRecipients(tx, [n.userId])) {
      if (receipt) {
        const data = {
          firstName: u.firstName,
          kind: "booking" as const,
          name: receipt.name,
          place: receipt.place,
          startTime: receipt.startsAt.toISOString(),
          endTime: receipt.endsAt.toISOString(),
          amountCents: receipt.amountCents,
          held: false,
          link: `${deps.config.publicUrl}${n.path}`,
        };
        await enqueueMail(deps, { to: u.email, language: u.language, template: { name: "payment-receipt", data } }, tx);
        continue;
      }
      await enqueueMail(deps, { to: u.email, language: u.language, template: { name: n.mail, data: { firstName: u.firstName, booking: labelOf(u.language), link: `${deps.config.publicUrl}${n.path}`, name } } }, tx);
    }
  }
  return pushes;
}
