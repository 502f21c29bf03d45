import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  courtAvailabilities,
  courtBookingEvents,
  courtBookings,
  courtDiscounts,
  courtExternalEvents,
  courtManualBookingSeries,
  courtManualBookings,
  courtOccupancies,
  courts,
  subCourts,
  users,
} from "../../db/schema";
import type { NewBookingEvent } from "./events";

/**
 * Owner of court_bookings, court_manual_bookings, court_manual_booking_series, court_occupancies and
 * court_booking_events. court_external_events belongs to domains/calendar, which occupies through
 * bookings/occupancy.ts (the same `occupy` as everybody else). sub_courts belong to domains/courts
 * (courts/service `ensureSubCourt`); they are only read here.
 */

export type BookingRow = typeof courtBookings.$inferSelect;
export type BookingChanges = Partial<Omit<BookingRow, "id" | "courtId" | "renterId" | "createdAt">>;
export type ManualBookingRow = typeof courtManualBookings.$inferSelect;
export type SeriesRow = typeof courtManualBookingSeries.$inferSelect;

/** The rentable court with what booking needs: owner, opening hours, discount, sub-courts. */
export async function findRentalCourt(db: DbOrTx, courtId: number) {
  const [court] = await db
    .select({ id: courts.id, name: courts.name, address: courts.address, imageUrl: courts.imageUrl, rentable: courts.rentable, ownerId: courts.ownerId })
    .from(courts)
    .where(eq(courts.id, courtId));
  if (!court) return null;
  const [availabilities, discountRows, subs] = await Promise.all([
    db.select().from(courtAvailabilities).where(eq(courtAvailabilities.courtId, courtId)).orderBy(asc(courtAvailabilities.weekday), asc(courtAvailabilities.startTime)),
    db.select().from(courtDiscounts).where(eq(courtDiscounts.courtId, courtId)),
    db.select({ id: subCourts.id, name: subCourts.name }).from(subCourts).where(eq(subCourts.courtId, courtId)).orderBy(asc(subCourts.id)),
  ]);
  const d = discountRows[0];
  return {
    ...court,
    availabilities: availabilities.map((a) => ({ weekday: a.weekday, startTime: a.startTime.slice(0, 5), endTime: a.endTime.slice(0, 5), pricePerHourCents: a.pricePerHourCents })),
    discount: d ? { name: d.name, relativeAmount: d.relativeAmount, validUntil: d.validUntil, minPriceToApplyCents: d.minPriceToApplyCents } : null,
    subCourts: subs,
  };
}
export type RentalCourt = NonNullable<Awaited<ReturnType<typeof findRentalCourt>>>;

/** Locks the court row: bookings of one court that create sub-courts or check-and-insert run one at a time. */
export async function lockCourt(tx: Tx, courtId: number): Promise<void> {
  await tx.execute(sql`select id from courts where id = ${courtId} for update`);
}

export async function insertBooking(tx: Tx, values: typeof courtBookings.$inferInsert): Promise<BookingRow> {
  const [row] = await tx.insert(courtBookings).values(values).returning();
  return row!;
}

export async function findBooking(db: DbOrTx, id: number, lock = false): Promise<BookingRow | null> {
  const q = db.select().from(courtBookings).where(eq(courtBookings.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

export async function updateBooking(tx: Tx, id: number, changes: BookingChanges): Promise<BookingRow> {
  const [row] = await tx.update(courtBookings).set(changes).where(eq(courtBookings.id, id)).returning();
  return row!;
}

/** The one writer of court_booking_events: a typed event (events.ts), in the transaction of the move it records. */
export async function recordBookingEvent(tx: Tx, event: NewBookingEvent): Promise<void> {
  await tx.insert(courtBookingEvents).values({ bookingId: event.bookingId, type: event.type, actorId: event.actorId, payload: event.payload, createdAt: event.createdAt });
}

/** The bookings of a renter, or of the courts an owner owns; newest start first. */
export async function listBookings(db: DbOrTx, by: { renterId: number } | { ownerId: number }, limit: number): Promise<BookingRow[]> {
  if ("renterId" in by) return db.select().from(courtBookings).where(eq(courtBookings.renterId, by.renterId)).orderBy(desc(courtBookings.startsAt), desc(courtBookings.id)).limit(limit);
  return db
    .select({ b: courtBookings })
    .from(courtBookings)
    .innerJoin(courts, eq(courts.id, courtBookings.courtId))
    .where(eq(courts.ownerId, by.ownerId))
    .orderBy(desc(courtBookings.startsAt), desc(courtBookings.id))
    .limit(limit)
    .then((rows) => rows.map((r) => r.b));
}

/** How many requests ('Angefragt') on the owner's courts wait for an answer and have not started yet. */
export async function countWaitingRequests(db: DbOrTx, ownerId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courtBookings)
    .innerJoin(courts, eq(courts.id, courtBookings.courtId))
    .where(and(eq(courts.ownerId, ownerId), eq(courtBookings.status, "RE"), gt(courtBookings.startsAt, now)));
  return Number(row?.n ?? 0);
}

export async function courtsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: courts.id, name: courts.name, address: courts.address, imageUrl: courts.imageUrl, ownerId: courts.ownerId }).from(courts).where(inArray(courts.id, ids));
}

export async function subCourtsOf(db: DbOrTx, courtIds: number[]) {
  if (courtIds.length === 0) return [];
  return db.select({ id: subCourts.id, name: subCourts.name, courtId: subCourts.courtId }).from(subCourts).where(inArray(subCourts.courtId, courtIds)).orderBy(asc(subCourts.id));
}

export async function subCourtById(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: subCourts.id, courtId: subCourts.courtId }).from(subCourts).where(eq(subCourts.id, id)).limit(1);
  return row ?? null;
}

export async function people(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
}

/** Courts a user owns, with their sub-courts (the owner calendar). */
export async function ownedCourts(db: DbOrTx, ownerId: number) {
  return db.select({ id: courts.id, name: courts.name }).from(courts).where(eq(courts.ownerId, ownerId)).orderBy(asc(courts.name), asc(courts.id));
}

// ---------------------------------------------------------------------------------------------
// occupancy: the one place that decides whether a sub-court is free

export type OccupancySource = { bookingId: number } | { manualBookingId: number } | { externalEventId: number };

/**
 * Occupies a sub-court for [start, end) on behalf of one source, or answers false when something else
 * already occupies an overlapping time there (the exclusion constraint decides, so two transactions on
 * two servers can never both succeed; `on conflict do nothing` keeps the transaction usable).
 */
export async function occupy(tx: Tx, values: { courtId: number; subCourtId: number; startsAt: Date; endsAt: Date } & OccupancySource): Promise<boolean> {
  const rows = await tx
    .insert(courtOccupancies)
    .values({
      courtId: values.courtId,
      subCourtId: values.subCourtId,
      startsAt: values.startsAt,
      endsAt: values.endsAt,
      bookingId: "bookingId" in values ? values.bookingId : null,
      manualBookingId: "manualBookingId" in values ? values.manualBookingId : null,
      externalEventId: "externalEventId" in values ? values.externalEventId : null,
    })
    .onConflictDoNothing()
    .returning({ id: courtOccupancies.id });
  return rows.length === 1;
}

/** Frees whatever a source occupies. */
export async function release(tx: Tx, source: OccupancySource): Promise<void> {
  if ("bookingId" in source) await tx.delete(courtOccupancies).where(eq(courtOccupancies.bookingId, source.bookingId));
  else if ("manualBookingId" in source) await tx.delete(courtOccupancies).where(eq(courtOccupancies.manualBookingId, source.manualBookingId));
  else await tx.delete(courtOccupancies).where(eq(courtOccupancies.externalEventId, source.externalEventId));
}

/** Occupancies of a court overlapping [from, to). */
export async function occupanciesOf(db: DbOrTx, courtIds: number[], from: Date, to: Date) {
  if (courtIds.length === 0) return [];
  return db
    .select()
    .from(courtOccupancies)
    .where(and(inArray(courtOccupancies.courtId, courtIds), lt(courtOccupancies.startsAt, to), gt(courtOccupancies.endsAt, from)))
    .orderBy(asc(courtOccupancies.startsAt));
}

/** Pairs of overlapping occupancies of one sub-court (the double-booking check of the tests; must always be 0). */
export async function countOverlaps(db: DbOrTx): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from court_occupancies a join court_occupancies b
      on a.sub_court_id = b.sub_court_id and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at`);
  return Number((rows as unknown as { n: number }[])[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// manual bookings and series

export async function insertManualBooking(tx: Tx, values: typeof courtManualBookings.$inferInsert): Promise<ManualBookingRow> {
  const [row] = await tx.insert(courtManualBookings).values(values).returning();
  return row!;
}

export async function insertSeries(tx: Tx, values: typeof courtManualBookingSeries.$inferInsert): Promise<SeriesRow> {
  const [row] = await tx.insert(courtManualBookingSeries).values(values).returning();
  return row!;
}

export async function findManualBooking(db: DbOrTx, id: number): Promise<ManualBookingRow | null> {
  const [row] = await db.select().from(courtManualBookings).where(eq(courtManualBookings.id, id));
  return row ?? null;
}

export async function findSeries(db: DbOrTx, id: number): Promise<SeriesRow | null> {
  const [row] = await db.select().from(courtManualBookingSeries).where(eq(courtManualBookingSeries.id, id));
  return row ?? null;
}

export async function manualBookingsOfSeries(db: DbOrTx, seriesId: number): Promise<ManualBookingRow[]> {
  return db.select().from(courtManualBookings).where(eq(courtManualBookings.seriesId, seriesId)).orderBy(asc(courtManualBookings.startsAt));
}

/** Deletes a manual booking (its occupancy goes with it: on delete cascade). */
export async function deleteManualBooking(tx: Tx, id: number): Promise<void> {
  await tx.delete(courtManualBookings).where(eq(courtManualBookings.id, id));
}

/** Deletes a series with its bookings and their occupancies (cascade). */
export async function deleteSeries(tx: Tx, id: number): Promise<void> {
  await tx.delete(courtManualBookingSeries).where(eq(courtManualBookingSeries.id, id));
}

/** The calendar's entries of courts between from and to: app bookings that are requested, to pay or booked; manual bookings; imported events. */
export async function calendarRows(db: DbOrTx, courtIds: number[], from: Date, to: Date) {
  if (courtIds.length === 0) return { bookings: [], manual: [], external: [] };
  const [bookings, manual, external] = await Promise.all([
    db
      .select()
      .from(courtBookings)
      .where(
        and(
          inArray(courtBookings.courtId, courtIds),
          lt(courtBookings.startsAt, to),
          gt(courtBookings.endsAt, from),
          or(eq(courtBookings.status, "RE"), eq(courtBookings.status, "TP"), eq(courtBookings.status, "BO")),
        ),
      )
      .orderBy(asc(courtBookings.startsAt)),
    db
      .select()
      .from(courtManualBookings)
      .where(and(inArray(courtManualBookings.courtId, courtIds), lt(courtManualBookings.startsAt, to), gt(courtManualBookings.endsAt, from)))
      .orderBy(asc(courtManualBookings.startsAt)),
    db
      .select()
      .from(courtExternalEvents)
      .where(and(inArray(courtExternalEvents.courtId, courtIds), lt(courtExternalEvents.startsAt, to), gt(courtExternalEvents.endsAt, from)))
      .orderBy(asc(courtExternalEvents.startsAt)),
  ]);
  return { bookings, manual, external };
}

/** A renter's bookings in [from, to) with their court and sub-court, for the renter's own calendar (issue 29, domains/calendar-feed). */
export function renterCalendarBookings(db: DbOrTx, renterId: number, window: { from: Date; to: Date | null }) {
  const where = [eq(courtBookings.renterId, renterId), gt(courtBookings.endsAt, window.from)];
  if (window.to) where.push(lt(courtBookings.startsAt, window.to));
  return db
    .select({
      id: courtBookings.id,
      status: courtBookings.status,
      startsAt: courtBookings.startsAt,
      endsAt: courtBookings.endsAt,
      updatedAt: courtBookings.updatedAt,
      courtName: courts.name,
      courtAddress: courts.address,
      subCourtName: subCourts.name,
    })
    .from(courtBookings)
    .innerJoin(courts, eq(courts.id, courtBookings.courtId))
    .leftJoin(subCourts, eq(subCourts.id, courtBookings.subCourtId))
    .where(and(...where))
    .orderBy(asc(courtBookings.startsAt), asc(courtBookings.id));
}
export type CalendarBookingRow = Awaited<ReturnType<typeof renterCalendarBookings>>[number];
