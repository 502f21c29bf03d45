import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { courtBookings, courts, games, participations, payments, subCourts } from "../../db/schema";

/**
 * What the change notices, receipts and refund notices read (game-notices.ts, booking-notices.ts);
 * read-only views of other domains' rows, as the dispatcher's other queries (repo.ts).
 */

/** Court names by id (a change notice names the old and the new court). */
export async function courtNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: courts.id, name: courts.name }).from(courts).where(inArray(courts.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The players a warned change gave free cancellation until `until` (games/manage.ts grants it with the
 * CHANGED event's own time + 24 hours, participation/service.ts grantFreeCancellation), still playing.
 */
export async function freeCancellationUserIds(db: DbOrTx, gameId: number, until: Date): Promise<Set<number>> {
  const rows = await db
    .select({ userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.gameId, gameId), eq(participations.paymentCanCancelUntil, until), isNull(participations.cancelledAt), isNotNull(participations.userId)));
  return new Set(rows.map((r) => r.userId!));
}

const place = (name: string | null, address: string | null) => (name ? (address ? `${name}, ${address}` : name) : null);

/** A participation's payment with its game and court, for the receipt. */
export async function gameReceiptInfo(db: DbOrTx, participationId: number) {
  const [row] = await db
    .select({
      userId: participations.userId,
      playerCount: participations.playerCount,
      cancelledAt: participations.cancelledAt,
      queue: participations.queue,
      amountCents: payments.amountCents,
      gameId: games.id,
      title: games.title,
      startTime: games.startTime,
      endTime: games.endTime,
      gameCancelledAt: games.cancelledAt,
      courtName: courts.name,
      courtAddress: courts.address,
    })
    .from(participations)
    .innerJoin(payments, eq(payments.id, participations.paymentId))
    .innerJoin(games, eq(games.id, participations.gameId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .where(eq(participations.id, participationId));
  return row ? { ...row, place: place(row.courtName, row.courtAddress) } : null;
}

/** A paid court booking with its court, sub-court and payment, for the receipt. */
export async function bookingReceiptInfo(db: DbOrTx, bookingId: number) {
  const [row] = await db
    .select({
      startsAt: courtBookings.startsAt,
      endsAt: courtBookings.endsAt,
      amountCents: payments.amountCents,
      courtName: courts.name,
      courtAddress: courts.address,
      subCourtName: subCourts.name,
    })
    .from(courtBookings)
    .innerJoin(payments, eq(payments.id, courtBookings.paymentId))
    .innerJoin(courts, eq(courts.id, courtBookings.courtId))
    .leftJoin(subCourts, eq(subCourts.id, courtBookings.subCourtId))
    .where(eq(courtBookings.id, bookingId));
  if (!row) return null;
  const sub = row.subCourtName && row.subCourtName !== row.courtName ? `, ${row.subCourtName}` : "";
  return { ...row, name: `${row.courtName}${sub}`, place: place(row.courtName, row.courtAddress) };
}

/** What went back of a participation's payment: the refunded amount, or all of it for a released hold. */
export async function refundedAmountCents(db: DbOrTx, participationId: number): Promise<number | null> {
  const [row] = await db
    .select({ amountCents: payments.amountCents, refunded: payments.amountRefundedCents })
    .from(participations)
    .innerJoin(payments, eq(payments.id, participations.paymentId))
    .where(eq(participations.id, participationId));
  return row ? (row.refunded > 0 ? row.refunded : row.amountCents) : null;
}
