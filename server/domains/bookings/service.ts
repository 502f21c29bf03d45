import type { z } from "zod";
import { COURT_BOOKING, type CourtBookingStatus } from "@shared/constants";
import { bookingPaymentDescription, paymentStatementSuffix } from "@shared/rules/payment-description";
import { bookingPrice, bookingStartProblem, bookingTransitionProblem, listPriceCents, type BookingActor } from "@shared/rules/court-booking";
import type {
  TCourtBooking,
  TWaitingRequestCount,
  ZCourtBookingsInput,
  ZCreateCourtBookingInput,
  ZUpdateCourtBookingInput,
} from "@shared/schemas/bookings";
import type { Ctx, Deps } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import type { BookingDeadlineJob } from "../../jobs/definitions";
import { AppError } from "../../lib/errors";
import { ensureSubCourt } from "../courts/service";
import { checkoutOf, paymentClientSecret, refreshPayment, requirePayment, startPayment } from "../payments/service";
import { findUser, requireActor, type Actor } from "../users/service";
import { occupiedMs, requireRentalCourt, someSubCourtFree } from "./availability";
import * as repo from "./repo";
import type { BookingRow, ManualBookingRow, RentalCourt } from "./repo";

export { bookingSlots, occupiedTimes } from "./availability";

/**
 * Renting courts (spec 001 sections 2.8, 4; server/domains/bookings/README.md "Court bookings"). A renter requests a
 * time (RE); the court's owner accepts it on a sub-court (TP: the sub-court is occupied from now on,
 * through the exclusion constraint, and a payment intent waits) or declines it (DE); the renter pays
 * by card (the payment's reaction makes it BO) within 24 hours and before the start, or it is
 * cancelled (CA) and the sub-court is free again. Cancelling a paid booking gives the money back.
 * Every move goes through shared/rules/court-booking.ts and records an event for the notifications.
 */

const HOUR_MS = 3600_000;

/** The owner of a court acts on its bookings; admins act as owner. */
export function isOwnerOf(actor: Pick<Actor, "id" | "isAdmin">, court: { ownerId: number | null }): boolean {
  return actor.isAdmin || (court.ownerId !== null && court.ownerId === actor.id);
}

// ---------------------------------------------------------------------------------------------
// requesting

/** createCourtBooking (duration, startTime, courtId): a request (RE) to the court's owner. */
export async function createCourtBooking(ctx: Ctx, input: z.output<typeof ZCreateCourtBookingInput>): Promise<TCourtBooking> {
  const actor = await requireActor(ctx);
  const court = await requireRentalCourt(ctx, input.courtId);
  if (court.ownerId === actor.id) throw new AppError("BOOKING_OWN_COURT");
  const now = ctx.deps.clock.now();
  if (bookingStartProblem(input.startTime, now)) throw new AppError("BOOKING_START_INVALID", { fields: [{ path: "startTime", code: "booking_start_invalid" }] });
  const list = listPriceCents(court.availabilities, input.startTime, input.duration);
  if (list === null) throw new AppError("BOOKING_OUTSIDE_OPENING_HOURS");
  const endsAt = new Date(input.startTime.getTime() + input.duration * 60_000);
  const occupied = await occupiedMs(ctx.deps.db, court.id, input.startTime, endsAt);
  if (!someSubCourtFree(court.subCourts.map((s) => s.id), occupied, input.startTime.getTime(), endsAt.getTime())) throw new AppError("BOOKING_SLOT_TAKEN");
  const price = bookingPrice(list, court.discount, now);
  const booking = await ctx.deps.db.transaction(async (tx) => {
    const row = await repo.insertBooking(tx, {
      courtId: court.id,
      renterId: actor.id,
      status: "RE",
      startsAt: input.startTime,
      endsAt,
      durationMinutes: input.duration,
      listPriceCents: price.listPriceCents,
      priceCents: price.priceCents,
      earningCents: price.earningCents,
      feeCents: price.feeCents,
      discountName: price.discount?.name ?? null,
      discountRelativeAmount: price.discount?.relativeAmount ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await repo.recordBookingEvent(tx, { bookingId: row.id, type: "REQUESTED", actorId: actor.id, payload: {}, createdAt: now });
    // nobody answered before the start: the request lapses
    await ctx.deps.jobs.send("court-booking-deadline", { bookingId: row.id, status: "RE" }, { startAfter: row.startsAt }, tx);
    return row;
  });
  return present(ctx, booking, actor);
}

// ---------------------------------------------------------------------------------------------
// reading

/** courtBooking (id): the renter, the court's owner and admins see it; anybody else gets not found. */
export async function courtBooking(ctx: Ctx, id: number): Promise<TCourtBooking> {
  const actor = await requireActor(ctx);
  const row = await repo.findBooking(ctx.deps.db, id);
  if (!row) throw new AppError("COURT_BOOKING_NOT_FOUND");
  return present(ctx, row, actor);
}

/** courtBookings (isCustomer): my bookings ('Buchungen - Plätze') or the rentals of my courts ('Vermietungen - Plätze'). */
export async function courtBookings(ctx: Ctx, input: z.output<typeof ZCourtBookingsInput>): Promise<TCourtBooking[]> {
  const actor = await requireActor(ctx);
  const rows = await repo.listBookings(ctx.deps.db, input.isCustomer ? { renterId: actor.id } : { ownerId: actor.id }, COURT_BOOKING.listLimit);
  return presentMany(ctx, rows, actor, { withSecret: false });
}

/**
 * A sub-court's schedule (spec 001 section 3: a sub-court's courtBookings and manual bookings) from now over the
 * owner calendar's range: its court's owner's and admins' alone. Anybody else gets empty lists, as the court's
 * calendar fields are null for them.
 */
export async function subCourtSchedule(ctx: Ctx, subCourtId: number): Promise<{ courtBookings: TCourtBooking[]; manual: ManualBookingRow[] }> {
  if (!ctx.viewer) return { courtBookings: [], manual: [] };
  const actor = await requireActor(ctx);
  const sub = await repo.subCourtById(ctx.deps.db, subCourtId);
  const court = sub ? await repo.findRentalCourt(ctx.deps.db, sub.courtId) : null;
  if (!court || !isOwnerOf(actor, court)) return { courtBookings: [], manual: [] };
  const from = ctx.deps.clock.now();
  const rows = await repo.calendarRows(ctx.deps.db, [court.id], from, new Date(from.getTime() + COURT_BOOKING.calendarMaxDays * 86_400_000));
  return {
    courtBookings: await presentMany(ctx, rows.bookings.filter((b) => b.subCourtId === subCourtId), actor, { withSecret: false }),
    manual: rows.manual.filter((m) => m.subCourtId === subCourtId),
  };
}

/**
 * waitingRequestCount: how many booking requests on the courts the user owns wait for their answer
 * (the menu and the 'Vermietungen' link show it, issue 23 item 18); 0 for everybody else.
 */
export async function waitingRequestCount(ctx: Ctx): Promise<TWaitingRequestCount> {
  const actor = await requireActor(ctx);
  return { count: await repo.countWaitingRequests(ctx.deps.db, actor.id, ctx.deps.clock.now()) };
}

async function present(ctx: Ctx, row: BookingRow, actor: Actor): Promise<TCourtBooking> {
  const [one] = await presentMany(ctx, [row], actor, { withSecret: true });
  if (!one) throw new AppError("COURT_BOOKING_NOT_FOUND");
  return one;
}

async function presentMany(ctx: Ctx, rows: BookingRow[], actor: Actor, opts: { withSecret: boolean }): Promise<TCourtBooking[]> {
  const db = ctx.deps.db;
  const courtIds = [...new Set(rows.map((r) => r.courtId))];
  const [courtRows, subs] = await Promise.all([repo.courtsByIds(db, courtIds), repo.subCourtsOf(db, courtIds)]);
  const courtById = new Map(courtRows.map((c) => [c.id, c]));
  const personIds = [...new Set([...rows.map((r) => r.renterId), ...courtRows.flatMap((c) => (c.ownerId ? [c.ownerId] : []))])];
  const personById = new Map((await repo.people(db, personIds)).map((p) => [p.id, p]));
  const now = ctx.deps.clock.now();
  const out: TCourtBooking[] = [];
  for (const r of rows) {
    const court = courtById.get(r.courtId);
    if (!court) continue;
    const isRenter = r.renterId === actor.id;
    const isOwner = isOwnerOf(actor, court);
    if (!isRenter && !isOwner) continue;
    const ctxFor = (a: BookingActor) => ({ actor: a, started: now >= r.startsAt, hoursToStart: (r.startsAt.getTime() - now.getTime()) / HOUR_MS });
    const can = (to: CourtBookingStatus, a: BookingActor) => bookingTransitionProblem(r.status, to, ctxFor(a)) === null;
    const paymentOpen = r.status === "TP" && r.paymentId !== null && (r.paymentDueAt === null || now < r.paymentDueAt);
    let secret: string | null = null;
    let checkout: TCourtBooking["checkout"] = null;
    if (opts.withSecret && isRenter && paymentOpen && ctx.deps.payments) {
      const payment = await requirePayment(ctx.deps, r.paymentId!);
      secret = await paymentClientSecret(ctx.deps, payment.id);
      checkout = checkoutOf(ctx.deps, { intentId: payment.stripePaymentIntentId, clientSecret: secret }, bookingReturnUrl(ctx.deps, r.id));
    }
    const sub = r.subCourtId ? subs.find((s) => s.id === r.subCourtId) : undefined;
    const person = (id: number | null) => {
      const p = id ? personById.get(id) : undefined;
      // the renter sees the owner's first name; the owner (who needs to know who comes) and each person themselves see the last name
      return p ? { id: p.id, firstName: p.firstName, lastName: isOwner || p.id === actor.id ? p.lastName : null } : null;
    };
    out.push({
      id: r.id,
      status: r.status,
      startTime: r.startsAt,
      endTime: r.endsAt,
      duration: r.durationMinutes,
      court: { id: court.id, name: court.name, address: court.address, imageUrl: court.imageUrl },
      subCourt: sub ? { id: sub.id, name: sub.name } : null,
      subCourts: subs.filter((s) => s.courtId === court.id).map((s) => ({ id: s.id, name: s.name })),
      listPriceCents: r.listPriceCents,
      priceCents: r.priceCents,
      earningCents: r.earningCents,
      feeCents: r.feeCents,
      discount: r.discountName !== null && r.discountRelativeAmount !== null ? { name: r.discountName, relativeAmount: r.discountRelativeAmount } : null,
      renter: person(r.renterId) ?? { id: r.renterId, firstName: "", lastName: null },
      rentee: person(court.ownerId),
      stripePaymentIntentClientSecret: secret,
      checkout,
      paymentDueAt: r.status === "TP" ? r.paymentDueAt : null,
      createdAt: r.createdAt,
      viewer: {
        isRenter,
        isOwner,
        canAccept: isOwner && can("TP", "owner"),
        canDecline: isOwner && can("DE", "owner"),
        canCancel: (isRenter && can("CA", "renter")) || (isOwner && can("CA", "owner")),
        canPay: isRenter && paymentOpen,
      },
    });
  }
  return out;
}

/** Where the payment pages send the renter back to (the booking page, with Stripe's redirect_status). */
export function bookingReturnUrl(deps: Pick<Deps, "config">, bookingId: number): string {
  return `${deps.config.publicUrl}/court-booking/${bookingId}`;
}

// ---------------------------------------------------------------------------------------------
// moving a booking

/** updateCourtBooking (id, subCourtId, status): accept (TP), decline (DE), cancel (CA), or "I paid" (BO). */
export async function updateCourtBooking(ctx: Ctx, input: z.output<typeof ZUpdateCourtBookingInput>): Promise<TCourtBooking> {
  const actor = await requireActor(ctx);
  const found = await repo.findBooking(ctx.deps.db, input.id);
  if (!found) throw new AppError("COURT_BOOKING_NOT_FOUND");
  const court = await repo.findRentalCourt(ctx.deps.db, found.courtId);
  if (!court) throw new AppError("COURT_BOOKING_NOT_FOUND");
  const isRenter = found.renterId === actor.id;
  const isOwner = isOwnerOf(actor, court);
  if (!isRenter && !isOwner) throw new AppError("COURT_BOOKING_NOT_FOUND");
  if (input.status === "BO" && isRenter) return confirmPaid(ctx, found, actor);
  const role: BookingActor = isOwner && (input.status !== "CA" || !isRenter) ? "owner" : "renter";
  const now = ctx.deps.clock.now();
  const row = await ctx.deps.db.transaction(async (tx) => {
    await repo.lockCourt(tx, court.id);
    const b = (await repo.findBooking(tx, found.id, true))!;
    if (b.status === input.status) return b; // a repeated click or the notification link opened twice
    const problem = bookingTransitionProblem(b.status, input.status, { actor: role, started: now >= b.startsAt, hoursToStart: (b.startsAt.getTime() - now.getTime()) / HOUR_MS });
    if (problem) throw new AppError(problem, { details: { from: b.status, to: input.status } });
    switch (input.status) {
      case "TP":
      case "BO":
        return accept(ctx.deps, tx, b, court, input.subCourtId ?? null, actor, now);
      case "DE": {
        const declined = await repo.updateBooking(tx, b.id, { status: "DE", declinedAt: now, updatedAt: now });
        await repo.recordBookingEvent(tx, { bookingId: b.id, type: "DECLINED", actorId: actor.id, payload: {}, createdAt: now });
        return declined;
      }
      case "CA":
        return cancel(ctx.deps, tx, b, actor.id, now, "CANCELLED");
      default:
        throw new AppError("BOOKING_TRANSITION_NOT_ALLOWED");
    }
  });
  return present(ctx, row, actor);
}

/**
 * The owner accepts on a sub-court (required when the court has several; a court without any gets
 * one): the sub-court is occupied at once (BOOKING_SLOT_TAKEN when it is not free) and the renter is
 * asked to pay within 24 hours and before the start. A booking that costs nothing (a 100 % discount)
 * is booked at once.
 */
async function accept(deps: Deps, tx: Tx, b: BookingRow, court: RentalCourt, subCourtId: number | null, actor: Actor, now: Date): Promise<BookingRow> {
  const subs = await ensureSubCourt(tx, court, now);
  let chosen = subCourtId;
  if (chosen === null) {
    if (subs.length > 1) throw new AppError("SUB_COURT_REQUIRED", { fields: [{ path: "subCourtId", code: "required" }] });
    chosen = subs[0]!.id;
  }
  if (!subs.some((s) => s.id === chosen)) throw new AppError("SUB_COURT_NOT_FOUND", { fields: [{ path: "subCourtId", code: "invalid" }] });
  if (!(await repo.occupy(tx, { courtId: court.id, subCourtId: chosen, startsAt: b.startsAt, endsAt: b.endsAt, bookingId: b.id }))) throw new AppError("BOOKING_SLOT_TAKEN");
  if (b.priceCents === 0) {
    const booked = await repo.updateBooking(tx, b.id, { status: "BO", subCourtId: chosen, acceptedAt: now, paidAt: now, updatedAt: now });
    await repo.recordBookingEvent(tx, { bookingId: b.id, type: "ACCEPTED", actorId: actor.id, payload: {}, createdAt: now });
    await repo.recordBookingEvent(tx, { bookingId: b.id, type: "PAID", actorId: null, payload: {}, createdAt: now });
    return booked;
  }
  const owner = court.ownerId ? await findUser(tx, court.ownerId) : null;
  if (!deps.payments || !owner?.stripeAccountId || !owner.paymentChargesEnabled) throw new AppError("BOOKING_NEEDS_PAYMENT_ACCOUNT");
  const attempt = b.paymentAttempt + 1;
  const started = await startPayment(deps, tx, {
    purpose: "court_booking",
    subjectId: b.id,
    payerUserId: b.renterId,
    destinationAccountId: owner.stripeAccountId,
    amountCents: b.priceCents,
    applicationFeeCents: b.feeCents,
    captureMethod: "automatic",
    attempt,
    description: bookingPaymentDescription({ courtName: court.name, subCourtName: subs.find((s) => s.id === chosen)?.name ?? null, startsAt: b.startsAt, endsAt: b.endsAt }),
    statementDescriptorSuffix: paymentStatementSuffix(b.startsAt),
  });
  const due = new Date(Math.min(now.getTime() + COURT_BOOKING.paymentHours * HOUR_MS, b.startsAt.getTime()));
  const accepted = await repo.updateBooking(tx, b.id, {
    status: "TP",
    subCourtId: chosen,
    acceptedAt: now,
    paymentId: started.paymentId,
    paymentAttempt: attempt,
    paymentDueAt: due,
    updatedAt: now,
  });
  await repo.recordBookingEvent(tx, { bookingId: b.id, type: "ACCEPTED", actorId: actor.id, payload: {}, createdAt: now });
  await deps.jobs.send("court-booking-deadline", { bookingId: b.id, status: "TP" }, { startAfter: due }, tx);
  return accepted;
}

/**
 * Cancels (or, for the system, lets lapse) a booking: the sub-court is free again, and money that was
 * held or paid is given back by a job (it calls the provider, which must not happen inside this
 * transaction's locks for long).
 */
async function cancel(deps: Deps, tx: Tx, b: BookingRow, actorId: number | null, now: Date, type: "CANCELLED" | "EXPIRED"): Promise<BookingRow> {
  await repo.release(tx, { bookingId: b.id });
  const cancelled = await repo.updateBooking(tx, b.id, { status: "CA", cancelledAt: now, cancelledById: actorId, updatedAt: now });
  await repo.recordBookingEvent(tx, { bookingId: b.id, type, actorId, payload: { from: b.status }, createdAt: now });
  if (b.paymentId !== null) await deps.jobs.send("court-booking-payment-release", { bookingId: b.id, paymentId: b.paymentId }, {}, tx);
  return cancelled;
}

/**
 * The renter says "I paid" (the payment page's redirect with redirect_status=succeeded): the payment is
 * read from the provider (never taken on the client's word) and the reaction books it. Still unpaid:
 * BOOKING_PAYMENT_PENDING.
 */
async function confirmPaid(ctx: Ctx, b: BookingRow, actor: Actor): Promise<TCourtBooking> {
  if (b.status === "BO") return present(ctx, b, actor);
  if (b.status !== "TP" || b.paymentId === null) throw new AppError("BOOKING_TRANSITION_NOT_ALLOWED", { details: { from: b.status, to: "BO" } });
  await refreshPayment(ctx.deps, b.paymentId);
  const after = (await repo.findBooking(ctx.deps.db, b.id))!;
  if (after.status !== "BO") throw new AppError("BOOKING_PAYMENT_PENDING");
  return present(ctx, after, actor);
}

// ---------------------------------------------------------------------------------------------
// jobs and the payment's word (wired in jobs/workers.ts and domains/reactions.ts)

/** A request nobody answered before the start, or an accepted booking unpaid at its deadline, lapses (CA, event EXPIRED). */
export async function handleBookingDeadline(deps: Deps, job: BookingDeadlineJob): Promise<void> {
  const b = await repo.findBooking(deps.db, job.bookingId);
  if (!b || b.status !== job.status) return;
  const now = deps.clock.now();
  if (job.status === "TP") {
    if (b.paymentDueAt && now.getTime() < b.paymentDueAt.getTime() - 60_000) throw new Error("court booking deadline job ran early");
    // the renter may have paid a moment ago: learn it before giving the court away
    if (b.paymentId !== null && deps.payments) await refreshPayment(deps, b.paymentId);
  } else if (now.getTime() < b.startsAt.getTime() - 60_000) throw new Error("court booking request job ran early");
  await deps.db.transaction(async (tx) => {
    await repo.lockCourt(tx, b.courtId);
    const locked = await repo.findBooking(tx, b.id, true);
    if (!locked || locked.status !== job.status) return;
    await cancel(deps, tx, locked, null, now, "EXPIRED");
  });
}

/**
 * A renter's own bookings between `from` and `to` (none: all future), every status (declined and cancelled ones too),
 * for their calendar subscription and the overlap warning (issue 29, domains/calendar-feed).
 */
export function calendarBookingsOf(db: DbOrTx, renterId: number, window: { from: Date; to: Date | null }): Promise<repo.CalendarBookingRow[]> {
  return repo.renterCalendarBookings(db, renterId, window);
}
