import { z } from "zod";
import { COURT_BOOKING_STATUSES, type CourtBookingEventType } from "@shared/constants";

/**
 * What happened to a court booking: one row in `court_booking_events` per move, written in the same
 * transaction as the move (repo.recordBookingEvent, the one writer). Each kind has its own payload, as
 * game events do (domains/games/events.ts); `actorId` is who did it (null: the system, i.e. the deadline
 * job or a free booking's automatic PAID). The notifications dispatcher claims each row once and tells
 * renter and owner (domains/notifications/booking-notices.ts).
 */
const empty = z.object({});
/** the status the booking left: an accepted booking (TP) that lapses or is cancelled also concerns the owner */
const left = z.object({ from: z.enum(COURT_BOOKING_STATUSES) });

const kinds = [
  z.object({ type: z.literal("REQUESTED"), payload: empty }),
  z.object({ type: z.literal("ACCEPTED"), payload: empty }),
  z.object({ type: z.literal("DECLINED"), payload: empty }),
  z.object({ type: z.literal("PAID"), payload: empty }),
  z.object({ type: z.literal("CANCELLED"), payload: left }),
  z.object({ type: z.literal("EXPIRED"), payload: left }),
] as const;

export const ZBookingEventKind = z.discriminatedUnion("type", kinds);
export type BookingEventKind = z.infer<typeof ZBookingEventKind>;

/** Every stored type has a kind here, and no kind is unknown to the column's enum (shared/constants.ts). */
type SameTypes<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _sameTypes: SameTypes<BookingEventKind["type"], CourtBookingEventType> = true;
void _sameTypes;

/** An event to record: its kind and payload, the booking, who did it and when. */
export type NewBookingEvent = BookingEventKind & { bookingId: number; actorId: number | null; createdAt: Date };

/** An event as stored (and as the dispatcher sees it). */
export type BookingEvent = NewBookingEvent & { id: number };

/** Reads a stored row; null for a row this code does not know (an older or newer shape). */
export function parseBookingEvent(row: { id: number; bookingId: number; type: string; actorId: number | null; payload: unknown; createdAt: Date }): BookingEvent | null {
  const kind = ZBookingEventKind.safeParse({ type: row.type, payload: row.payload });
  return kind.success ? { ...kind.data, id: row.id, bookingId: row.bookingId, actorId: row.actorId, createdAt: row.createdAt } : null;
}
