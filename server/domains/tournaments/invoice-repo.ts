import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../../db/client";
import { courts, organizations, tournamentInvoiceCounters, tournamentInvoices, tournamentParticipations, tournaments } from "../../db/schema";

/**
 * The queries of the tournaments domain's invoices: the only code that reads and writes `tournament_invoices` and
 * `tournament_invoice_counters` (invoices.ts uses them).
 */

export type TournamentInvoiceRow = typeof tournamentInvoices.$inferSelect;
export type NewTournamentInvoice = typeof tournamentInvoices.$inferInsert;

/**
 * A team with what its invoice needs (tournament, its organisation's name, the place), its row locked for the rest of
 * the transaction: two runs of the job for one team queue up here, and the second finds the first's invoice.
 */
export async function lockTeamForInvoice(tx: Tx, participationId: number) {
  const [row] = await tx
    .select({
      team: tournamentParticipations,
      tournament: {
        id: tournaments.id,
        name: tournaments.name,
        startTime: tournaments.startTime,
        endTime: tournaments.endTime,
        business: tournaments.business,
        pricePerPlayer: tournaments.pricePerPlayer,
        participationPriceCents: tournaments.participationPriceCents,
        organizerId: tournaments.organizerId,
        locationName: tournaments.locationName,
      },
      organizationName: organizations.name,
      courtName: courts.name,
    })
    .from(tournamentParticipations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentParticipations.tournamentId))
    .leftJoin(organizations, eq(organizations.id, tournaments.organizationId))
    .leftJoin(courts, eq(courts.id, tournaments.courtId))
    .where(eq(tournamentParticipations.id, participationId))
    .for("update", { of: tournamentParticipations })
    .limit(1);
  return row ?? null;
}

const cancellation = alias(tournamentInvoices, "cancellation");

/**
 * Which of these participations have an invoice, and whether it has been cancelled (a participation has at most one
 * invoice, and that at most one cancellation: the unique indexes of migration 0022).
 */
export async function invoicedTeams(db: DbOrTx, participationIds: number[]): Promise<{ participationId: number; cancelled: boolean }[]> {
  if (participationIds.length === 0) return [];
  const rows = await db
    .select({ participationId: tournamentInvoices.participationId, cancellationId: cancellation.id })
    .from(tournamentInvoices)
    .leftJoin(cancellation, eq(cancellation.cancelsInvoiceId, tournamentInvoices.id))
    .where(and(inArray(tournamentInvoices.participationId, participationIds), isNull(tournamentInvoices.cancelsInvoiceId)));
  return rows.map((r) => ({ participationId: r.participationId, cancelled: r.cancellationId !== null }));
}

/** The team's invoice (the original, never its cancellation). */
export async function invoiceOfTeam(db: DbOrTx, participationId: number): Promise<TournamentInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(tournamentInvoices)
    .where(and(eq(tournamentInvoices.participationId, participationId), isNull(tournamentInvoices.cancelsInvoiceId)))
    .limit(1);
  return row ?? null;
}

/** The cancellation invoice ("Stornorechnung") of an invoice, if issued. */
export async function cancellationOf(db: DbOrTx, invoiceId: number): Promise<TournamentInvoiceRow | null> {
  const [row] = await db.select().from(tournamentInvoices).where(eq(tournamentInvoices.cancelsInvoiceId, invoiceId)).limit(1);
  return row ?? null;
}

/**
 * The next invoice number of a year, in the caller's transaction (the one that inserts the invoice): the year's row
 * is made once, then `update … returning` takes the next number under the row's lock. A second transaction waits for
 * the first to commit or roll back, so numbers are never given twice and a rolled-back invoice gives its number back.
 */
export async function takeInvoiceSequence(tx: Tx, year: number): Promise<number> {
  await tx.insert(tournamentInvoiceCounters).values({ year, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(tournamentInvoiceCounters)
    .set({ lastNumber: sql`${tournamentInvoiceCounters.lastNumber} + 1` })
    .where(eq(tournamentInvoiceCounters.year, year))
    .returning({ lastNumber: tournamentInvoiceCounters.lastNumber });
  return row!.lastNumber;
}

export async function insertInvoice(tx: Tx, values: NewTournamentInvoice): Promise<TournamentInvoiceRow> {
  const [row] = await tx.insert(tournamentInvoices).values(values).returning();
  return row!;
}

export async function markInvoiceMailed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(tournamentInvoices).set({ mailedAt: at }).where(eq(tournamentInvoices.id, id));
}

/**
 * Who may download a team's invoice (`kind` "invoice") or its cancellation invoice ("cancellation"): the team's user
 * and the tournament's organiser (admins besides).
 */
export async function invoiceAccess(db: DbOrTx, participationId: number, kind: "invoice" | "cancellation" = "invoice") {
  const [row] = await db
    .select({
      number: tournamentInvoices.number,
      storageKey: tournamentInvoices.storageKey,
      teamUserId: tournamentParticipations.userId,
      organizerId: tournaments.organizerId,
    })
    .from(tournamentInvoices)
    .innerJoin(tournamentParticipations, eq(tournamentParticipations.id, tournamentInvoices.participationId))
    .innerJoin(tournaments, eq(tournaments.id, tournamentInvoices.tournamentId))
    .where(and(eq(tournamentInvoices.participationId, participationId), kind === "invoice" ? isNull(tournamentInvoices.cancelsInvoiceId) : isNotNull(tournamentInvoices.cancelsInvoiceId)))
    .limit(1);
  return row ?? null;
}
