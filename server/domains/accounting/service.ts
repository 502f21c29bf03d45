import type { z } from "zod";
import { berlinMonth, berlinMonthRange, keptFeeCents, organizerInvoiceAmounts, organizerInvoiceNumber, ORGANIZER_INVOICE_VAT_PERCENT, previousBerlinMonth, revenueSums } from "@shared/rules/accounting";
import type { TCoachedGames, TOrganizerInvoice, ZCoachedGamesInput, ZOrganizerInvoiceInput } from "@shared/schemas/accounting";
import type { Ctx, Deps } from "../../context";
import type { DbOrTx } from "../../db/client";
import type { OrganizerInvoicesJob } from "../../jobs/definitions";
import { newKey, storageFor, type StoredFile } from "../../integrations/storage";
import { AppError } from "../../lib/errors";
import { platformParty } from "../../lib/pdf";
import { requireAdmin, requireViewer } from "../auth/viewer";
import { enqueueMail } from "../notifications/outbox";
import { regionBySlug } from "../regions/service";
import { renderOrganizerInvoicePdf, type OrganizerInvoiceLine, type OrganizerInvoiceSnapshot } from "./invoice-pdf";
import * as repo from "./repo";

/**
 * Accounting (spec 000 sections 2, 3; spec 001 sections 2.2, 2.8, 6, 7; issue 26; decisions in this folder's README):
 * the admins' overview of a region's coached games and their revenue, and the organisers' monthly invoices for the
 * platform fees kept from their games' card payments (the `organizer-invoices` job, numbered gapless per year).
 */

/** `accounting.coachedGames` / `coachedGames {year, month, regionSlug}`: admins only. */
export async function coachedGames(ctx: Ctx, input: z.output<typeof ZCoachedGamesInput>): Promise<TCoachedGames> {
  requireAdmin(ctx);
  const region = await regionBySlug(ctx, input.regionSlug);
  const { from, to } = berlinMonthRange(input.year, input.month);
  const rows = await repo.coachedGames(ctx.deps.db, region.id, from, to);
  const games = rows.map((r) => ({
    id: r.id,
    creator: { id: r.creatorId, firstName: r.creatorFirstName },
    startTime: r.startTime,
    court: r.courtId !== null && r.courtName !== null ? { id: r.courtId, name: r.courtName } : null,
    cardCents: r.cardCents,
    cashCents: r.cashCents,
    revenueCents: r.cardCents + r.cashCents,
  }));
  return { region: { id: region.id, slug: region.slug, name: region.name }, year: input.year, month: input.month, games, ...revenueSums(games) };
}

/** Where an organiser invoice's PDF is downloaded (server/http/organizer-invoices.ts). */
export function organizerInvoicePath(invoiceId: number): string {
  return `/api/organizer-invoices/${invoiceId}.pdf`;
}

function invoiceOut(row: repo.OrganizerInvoiceRow): TOrganizerInvoice {
  return {
    id: row.id,
    userId: row.userId,
    year: row.year,
    month: row.month,
    invoiceNr: row.number,
    invoiceDate: row.issuedAt,
    netCents: row.netCents,
    vatCents: row.vatCents,
    grossCents: row.grossCents,
    downloadUrl: organizerInvoicePath(row.id),
  };
}

/**
 * `accounting.organizerInvoice` / `organizerInvoice {userId, year, month}`: the organiser's own or, for admins,
 * anybody's (else FORBIDDEN); NOT_FOUND when none was issued for that month.
 */
export async function organizerInvoice(ctx: Ctx, input: z.output<typeof ZOrganizerInvoiceInput>): Promise<TOrganizerInvoice> {
  const viewer = requireViewer(ctx);
  if (viewer.userId !== input.userId && !viewer.isAdmin) throw new AppError("FORBIDDEN");
  const row = await repo.invoiceOf(ctx.deps.db, input.userId, input.year, input.month);
  if (!row) throw new AppError("NOT_FOUND");
  return invoiceOut(row);
}

/** `accounting.myInvoices`: the signed-in user's organiser invoices, newest month first (the profile's list). */
export async function myInvoices(ctx: Ctx): Promise<TOrganizerInvoice[]> {
  const viewer = requireViewer(ctx);
  return (await repo.invoicesOfUser(ctx.deps.db, viewer.userId)).map(invoiceOut);
}

/**
 * An invoice's PDF for download: for its organiser and admins. Everybody else, visitors and unknown ids get the same
 * NOT_FOUND, so ids cannot be probed for invoices.
 */
export async function organizerInvoiceDownload(ctx: Ctx, invoiceId: number): Promise<{ number: string; file: StoredFile }> {
  const viewer = ctx.viewer;
  const row = viewer ? await repo.invoiceById(ctx.deps.db, invoiceId) : null;
  if (!viewer || !row || !(viewer.isAdmin || viewer.userId === row.userId)) throw new AppError("NOT_FOUND");
  const file = await storageFor(ctx.deps.config).get(row.storageKey);
  if (!file) {
    ctx.deps.logger.error("organizer invoice file missing in storage", { invoiceId, key: row.storageKey });
    throw new AppError("NOT_FOUND");
  }
  return { number: row.number, file };
}

/* ---------- the monthly invoices ---------- */

/** pg-boss cron of the `organizer-invoices` job: 06:00 on the 1st of each month, Berlin time (late captures settled). */
export const ORGANIZER_INVOICES_CRON = "0 6 1 * *";

/** The job: the given month's invoices, or (the schedule sends no month) the Berlin month before now. */
export async function handleOrganizerInvoices(deps: Deps, job: OrganizerInvoicesJob): Promise<void> {
  const { year, month } = job.year !== undefined && job.month !== undefined ? { year: job.year, month: job.month } : previousBerlinMonth(deps.clock.now());
  await issueOrganizerInvoices(deps, year, month);
}

type FeeLine = OrganizerInvoiceLine;

/** The fee lines of each organiser with kept fees in the month: one line per game, games without a kept fee left out. */
async function feeLinesByOrganizer(db: DbOrTx, year: number, month: number, organizerId?: number): Promise<Map<number, FeeLine[]>> {
  const { from, to } = berlinMonthRange(year, month);
  const byOrganizer = new Map<number, Map<number, FeeLine>>();
  for (const p of await repo.capturedFeePayments(db, from, to, organizerId)) {
    const kept = keptFeeCents(p);
    if (kept === 0) continue;
    const games = byOrganizer.get(p.organizerId) ?? new Map<number, FeeLine>();
    byOrganizer.set(p.organizerId, games);
    const line = games.get(p.gameId) ?? { gameId: p.gameId, startTime: p.startTime.toISOString(), game: p.title ?? p.courtName ?? `Kickrunde #${p.gameId}`, feeCents: 0 };
    line.feeCents += kept;
    games.set(p.gameId, line);
  }
  return new Map([...byOrganizer].map(([id, games]) => [id, [...games.values()]]));
}

/** Issues the month's invoice of every organiser with kept fees; returns the invoices (new or found). */
export async function issueOrganizerInvoices(deps: Deps, year: number, month: number): Promise<repo.OrganizerInvoiceRow[]> {
  const issued: repo.OrganizerInvoiceRow[] = [];
  for (const [organizerId] of await feeLinesByOrganizer(deps.db, year, month)) {
    const invoice = await issueOrganizerInvoice(deps, organizerId, year, month);
    if (invoice) issued.push(invoice);
  }
  deps.logger.info("organizer invoices issued", { year, month, count: issued.length });
  return issued;
}

/**
 * Issues one organiser's invoice of a month, once (README Decisions "Organiser invoices"): under the organiser's
 * advisory lock, the existing invoice is answered as it is; else, with kept fees, the year's next number (gapless,
 * repo.takeInvoiceSequence), the PDF stored before the row that names it commits, the row, and the mail with the PDF
 * attached queued in the same transaction. Without kept fees: null.
 */
export async function issueOrganizerInvoice(deps: Deps, userId: number, year: number, month: number): Promise<repo.OrganizerInvoiceRow | null> {
  return deps.db.transaction(async (tx) => {
    await repo.lockOrganizer(tx, userId);
    const existing = await repo.invoiceOf(tx, userId, year, month);
    if (existing) return existing;
    const lines = (await feeLinesByOrganizer(tx, year, month, userId)).get(userId) ?? [];
    if (lines.length === 0) return null;
    const buyer = await repo.organizerParty(tx, userId);
    if (!buyer) return null;

    const now = deps.clock.now();
    // numbered in the year the invoice is issued in (Berlin), as the tournaments' invoices
    const issueYear = berlinMonth(now).year;
    const sequence = await repo.takeInvoiceSequence(tx, issueYear);
    const number = organizerInvoiceNumber(issueYear, sequence);
    const amounts = organizerInvoiceAmounts(lines.map((l) => l.feeCents));
    const address = buyer.address;
    const snapshot: OrganizerInvoiceSnapshot = {
      number,
      language: buyer.language,
      issuedAt: now.toISOString(),
      year,
      month,
      seller: platformParty(deps),
      buyer: {
        name: [buyer.firstName, buyer.lastName].filter(Boolean).join(" "),
        lines: address ? [address.line1, ...(address.line2 ? [address.line2] : []), `${address.postalCode} ${address.town}`, address.country] : [],
        email: buyer.email,
      },
      lines,
      ...amounts,
      vatPercent: ORGANIZER_INVOICE_VAT_PERCENT,
    };
    const storageKey = newKey("organizer-invoices", "pdf");
    await storageFor(deps.config).put(storageKey, await renderOrganizerInvoicePdf(snapshot), "application/pdf");
    const invoice = await repo.insertInvoice(tx, { userId, year, month, sequence, number, issuedAt: now, ...amounts, snapshot, storageKey });
    await enqueueMail(
      deps,
      {
        to: buyer.email,
        language: buyer.language,
        template: { name: "organizer-invoice", data: { firstName: buyer.firstName, number, period: periodWords(buyer.language, year, month), link: `${deps.config.publicUrl}/profile` } },
        attachments: [{ filename: `${number}.pdf`, contentType: "application/pdf", storageKey }],
      },
      tx,
    );
    await repo.markInvoiceMailed(tx, invoice.id, now);
    deps.logger.info("organizer invoice issued", { userId, year, month, number });
    return { ...invoice, mailedAt: now };
  });
}

function periodWords(language: "de" | "en", year: number, month: number): string {
  return new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", { timeZone: "UTC", month: "long", year: "numeric" }).format(new Date(Date.UTC(year, month - 1, 15)));
}
