import { addBerlinMonths, berlinParts, startOfBerlinDay } from "./berlin-calendar";
import { invoiceNumber, vatIncluded } from "./invoice";

/**
 * Accounting and organiser invoices (spec 000 sections 2, 3; spec 001 sections 2.8, 3, 7; issue 26): the month's
 * bounds in Berlin, what a coached game earned, and what of a payment's platform fee the platform kept, all in
 * integer cents. Decisions: server/domains/accounting/README.md.
 */

/** VAT included in the platform fees an organiser is invoiced for (German standard rate). */
export const ORGANIZER_INVOICE_VAT_PERCENT = 19;
/** The prefix of organiser invoice numbers, a series of its own beside the tournaments' "KR-…". */
export const ORGANIZER_INVOICE_PREFIX = "KRO";

/** The instants a Berlin calendar month runs over: [from, to). */
export function berlinMonthRange(year: number, month: number): { from: Date; to: Date } {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`not a month: ${year}-${month}`);
  const first = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
  const from = startOfBerlinDay(first);
  return { from, to: startOfBerlinDay(nextMonthDay(year, month)) };
}

function nextMonthDay(year: number, month: number): string {
  const [y, m] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-01`;
}

/** The Berlin month before the one `now` lies in (what the monthly invoice job bills). */
export function previousBerlinMonth(now: Date): { year: number; month: number } {
  const p = berlinParts(addBerlinMonths(now, -1));
  return { year: p.year, month: p.month };
}

/** The Berlin month `now` lies in. */
export function berlinMonth(now: Date): { year: number; month: number } {
  const p = berlinParts(now);
  return { year: p.year, month: p.month };
}

function requireCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be non-negative integer cents, got ${value}`);
}

/** A card payment's revenue: what was captured less what went back (never negative). */
export function cardRevenueCents(p: { receivedCents: number; refundedCents: number }): number {
  requireCents(p.receivedCents, "receivedCents");
  requireCents(p.refundedCents, "refundedCents");
  return Math.max(0, p.receivedCents - p.refundedCents);
}

/**
 * The part of a payment's platform fee the platform kept: a refund of a participation's payment gives the fee back in
 * proportion to the amount refunded (every participation refund is made with `refund_application_fee`, and Stripe
 * refunds the fee pro rata), so kept = fee − round(fee × refunded / received), half up. Nothing captured: nothing kept.
 */
export function keptFeeCents(p: { feeCents: number; receivedCents: number; refundedCents: number }): number {
  requireCents(p.feeCents, "feeCents");
  requireCents(p.receivedCents, "receivedCents");
  requireCents(p.refundedCents, "refundedCents");
  if (p.receivedCents === 0) return 0;
  const refunded = Math.min(p.refundedCents, p.receivedCents);
  const fee = Math.min(p.feeCents, p.receivedCents);
  const numerator = fee * refunded;
  const feeBack = Math.floor(numerator / p.receivedCents) + (2 * (numerator % p.receivedCents) >= p.receivedCents ? 1 : 0);
  return fee - feeBack;
}

/** The sums of an accounting month: card (net of refunds) and cash; total = card + cash. */
export function revenueSums(rows: readonly { cardCents: number; cashCents: number }[]): { cardCents: number; cashCents: number; totalCents: number } {
  let cardCents = 0;
  let cashCents = 0;
  for (const r of rows) {
    requireCents(r.cardCents, "cardCents");
    requireCents(r.cashCents, "cashCents");
    cardCents += r.cardCents;
    cashCents += r.cashCents;
  }
  return { cardCents, cashCents, totalCents: cardCents + cashCents };
}

/** An organiser invoice's amounts: the kept fees of its lines are the gross (VAT included), split into net + VAT. */
export function organizerInvoiceAmounts(lineFeesCents: readonly number[]): { netCents: number; vatCents: number; grossCents: number } {
  let gross = 0;
  for (const fee of lineFeesCents) {
    requireCents(fee, "fee");
    gross += fee;
  }
  return vatIncluded(gross, ORGANIZER_INVOICE_VAT_PERCENT);
}

/** The printed number of an organiser invoice, e.g. "KRO-2026-00001". */
export function organizerInvoiceNumber(year: number, sequence: number): string {
  return invoiceNumber(year, sequence, ORGANIZER_INVOICE_PREFIX);
}
