import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { BookingMailName, MailTemplate } from "../../integrations/mail/templates";
import { bookingLabel, type PushTextKey } from "../../integrations/push/texts";
import { parseBookingEvent, type BookingEvent } from "../bookings/events";
import { bookingReceiptInfo } from "./notices-repo";
import { notifyUsers } from "./notify-users";
import * as repo from "./repo";

type BookingNotice = { userId: number; key: PushTextKey; mail: BookingMailName; path: string; receipt?: boolean };

/**
 * Who hears of what happens to a court booking (a `court_booking_events` row, domains/bookings/events.ts,
 * claimed once by the dispatcher like game events): a push to each device and a mail to a confirmed
 * address, in the recipient's language, with a link to the booking. The owner's request notice links
 * with `?action=accept`, so the booking page opens the accept step (it still waits for the owner's click).
 *
 * REQUESTED → owner; ACCEPTED, DECLINED → renter; PAID → both; CANCELLED → the other side of whoever
 * cancelled; EXPIRED → the renter, and the owner when it had been accepted.
 * A booking paid by card gives the renter a receipt mail instead of the "court booked" mail (issue 23
 * item 6; PAID is recorded once per booking, so one receipt however Stripe's webhooks come).
 */
function whoHears(event: BookingEvent, booking: { id: number; renterId: number; priceCents: number; paymentId: number | null }, owner: number | null): BookingNotice[] {
  const renter = booking.renterId;
  const path = `/court-booking/${booking.id}`;
  switch (event.type) {
    case "REQUESTED":
      return owner ? [{ userId: owner, key: "bookingRequested", mail: "booking-requested", path: `${path}?action=accept` }] : [];
    case "ACCEPTED":
      // a free booking (100 % discount) is booked at once: its PAID notice says so
      return booking.priceCents > 0 ? [{ userId: renter, key: "bookingAccepted", mail: "booking-accepted", path }] : [];
    case "DECLINED":
      return [{ userId: renter, key: "bookingDeclined", mail: "booking-declined", path }];
    case "PAID":
      return [
        { userId: renter, key: "bookingPaidRenter", mail: "booking-paid-renter", path, receipt: booking.paymentId !== null && booking.priceCents > 0 },
        ...(owner ? [{ userId: owner, key: "bookingPaidOwner", mail: "booking-paid-owner", path } as const] : []),
      ];
    case "CANCELLED": {
      const to = event.actorId === renter ? owner : renter;
      return to && to !== event.actorId ? [{ userId: to, key: "bookingCancelled", mail: "booking-cancelled", path }] : [];
    }
    case "EXPIRED":
      return [
        { userId: renter, key: "bookingExpired", mail: "booking-expired", path },
        ...(owner && event.payload.from === "TP" ? [{ userId: owner, key: "bookingExpired", mail: "booking-expired", path } as const] : []),
      ];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export async function dispatchBookingEvent(deps: Deps, tx: Tx, eventId: number, fresh: (createdAt: Date) => boolean): Promise<number> {
  const info = await repo.bookingEventInfo(tx, eventId);
  const event = info && parseBookingEvent(info.event);
  if (!info || !event || !fresh(event.createdAt)) return 0;
  const { booking } = info;
  const owner = info.ownerId;
  const labelOf = (language: "de" | "en") => bookingLabel(language, { courtName: info.courtName, startTime: booking.startsAt });
  let pushes = 0;
  for (const n of whoHears(event, booking, owner)) {
    const name = n.userId === owner ? info.renterName : undefined;
    const link = `${deps.config.publicUrl}${n.path}`;
    const receipt = n.receipt ? await bookingReceiptInfo(tx, booking.id) : null;
    const template = (u: { firstName: string; language: "de" | "en" }): MailTemplate =>
      receipt
        ? {
            name: "payment-receipt",
            data: {
              firstName: u.firstName,
              kind: "booking",
              name: receipt.name,
              place: receipt.place,
              startTime: receipt.startsAt.toISOString(),
              endTime: receipt.endsAt.toISOString(),
              amountCents: receipt.amountCents,
              held: false,
              link,
            },
          }
        : { name: n.mail, data: { firstName: u.firstName, booking: labelOf(u.language), link, name } };
    pushes += await notifyUsers(deps, tx, {
      push: { to: { userIds: [n.userId] }, key: n.key, params: (d) => ({ game: labelOf(d.language), name }), url: link, tag: `booking-${booking.id}` },
      mail: { userIds: [n.userId], audience: "always", template },
    });
  }
  return pushes;
}
