import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { addresses, courts, games, organizerInvoiceCounters, organizerInvoices, participations, payments, users } from "../../db/schema";

/**
 * The queries of accounting: the only code that writes `organizer_invoices` and `organizer_invoice_counters`. Its
 * reads join games, participations, payments, users and addresses read-only (README Decisions).
 */

export type OrganizerInvoiceRow = typeof organizerInvoices.$inferSelect;
export type NewOrganizerInvoice = typeof organizerInvoices.$inferInsert;

/**
 * The coached games of a region's month (README Decisions "What a coached game is"): organisation games, not
 * cancelled, started in [from, to), with their card revenue (captured less refunded, participation payments) and cash
 * (places marked PaidExternally), by start.
 */
export async function coachedGames(db: DbOrTx, regionId: number, from: Date, to: Date) {
  const card = sql<number>`coalesce((
    select sum(greatest(pay.amount_received_cents - pay.amount_refunded_cents, 0))
    from ${payments} pay join ${participations} pp on pp.id = pay.subject_id
    where pay.purpose = 'participation' and pp.game_id = ${games.id}
  ), 0)::int`;
  const cash = sql<number>`coalesce((
    select sum(pc.total_price_cents) from ${participations} pc
    where pc.game_id = ${games.id} and pc.payment_status = 'PaidExternally'
  ), 0)::int`;
  return db
    .select({
      id: games.id,
      startTime: games.startTime,
      creatorId: games.creatorId,
      creatorFirstName: users.firstName,
      courtId: courts.id,
      courtName: courts.name,
      cardCents: card,
      cashCents: cash,
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .where(and(eq(games.regionId, regionId), isNotNull(games.organizationId), isNull(games.cancelledAt), gte(games.startTime, from), lt(games.startTime, to)))
    .orderBy(asc(games.startTime), asc(games.id));
}

/**
 * The participation payments that captured money in games that started in [from, to), with the game's organiser
 * (its creator, whose account received the rest) and what the invoice line shows; by organiser, start, game.
 */
export async function capturedFeePayments(db: DbOrTx, from: Date, to: Date, organizerId?: number) {
  return db
    .select({
      organizerId: games.creatorId,
      gameId: games.id,
      startTime: games.startTime,
      title: games.title,
      courtName: courts.name,
      feeCents: payments.applicationFeeCents,
      receivedCents: payments.amountReceivedCents,
      refundedCents: payments.amountRefundedCents,
    })
    .from(payments)
    .innerJoin(participations, eq(participations.id, payments.subjectId))
    .innerJoin(games, eq(games.id, participations.gameId))
    .leftJoin(courts, eq(courts.id, games.courtId))
    .where(
      and(
        eq(payments.purpose, "participation"),
        sql`${payments.amountReceivedCents} > 0`,
        sql`${payments.applicationFeeCents} > 0`,
        gte(games.startTime, from),
        lt(games.startTime, to),
        organizerId === undefined ? undefined : eq(games.creatorId, organizerId),
      ),
    )
    .orderBy(asc(games.creatorId), asc(games.startTime), asc(games.id), asc(payments.id));
}

/** The buyer of an organiser's invoice: name, e-mail, language and the address in use (the first), if any. */
export async function organizerParty(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.applicationLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const [address] = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
  return { ...user, address: address ?? null };
}

/** The advisory-lock namespace of organiser invoices (the first key of the two-key form; others: games/core 1001, chat 1002, payments 1003, planner 1004). */
const ORGANIZER_INVOICE_LOCK = 1026;

/** Serialises the invoicing of one organiser for the rest of the transaction: a second run waits, then finds the first's invoice. */
export async function lockOrganizer(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORGANIZER_INVOICE_LOCK}, ${userId})`);
}

export async function invoiceOf(db: DbOrTx, userId: number, year: number, month: number): Promise<OrganizerInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(organizerInvoices)
    .where(and(eq(organizerInvoices.userId, userId), eq(organizerInvoices.year, year), eq(organizerInvoices.month, month)))
    .limit(1);
  return row ?? null;
}

export async function invoiceById(db: DbOrTx, id: number): Promise<OrganizerInvoiceRow | null> {
  const [row] = await db.select().from(organizerInvoices).where(eq(organizerInvoices.id, id)).limit(1);
  return row ?? null;
}

export async function invoicesOfUser(db: DbOrTx, userId: number): Promise<OrganizerInvoiceRow[]> {
  return db.select().from(organizerInvoices).where(eq(organizerInvoices.userId, userId)).orderBy(desc(organizerInvoices.year), desc(organizerInvoices.month));
}

/**
 * The next organiser-invoice number of a year, in the transaction that inserts the invoice: the year's row is made
 * once, then `update … returning` takes the next number under the row's lock; a second transaction waits for the
 * first to commit or roll back, so no number is given twice and a rolled-back invoice gives its number back.
 */
export async function takeInvoiceSequence(tx: Tx, year: number): Promise<number> {
  await tx.insert(organizerInvoiceCounters).values({ year, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(organizerInvoiceCounters)
    .set({ lastNumber: sql`${organizerInvoiceCounters.lastNumber} + 1` })
    .where(eq(organizerInvoiceCounters.year, year))
    .returning({ lastNumber: organizerInvoiceCounters.lastNumber });
  return row!.lastNumber;
}

export async function insertInvoice(tx: Tx, values: NewOrganizerInvoice): Promise<OrganizerInvoiceRow> {
  const [row] = await tx.insert(organizerInvoices).values(values).returning();
  return row!;
}

export async function markInvoiceMailed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(organizerInvoices).set({ mailedAt: at }).where(eq(organizerInvoices.id, id));
}
