/**
 * Invoice arithmetic and numbering (business tournaments, spec 001 sections 2.10, 9; issue 25). Money in integer cents.
 */

/**
 * Splits a gross amount that includes `vatPercent` VAT: VAT = round(gross × p / (100 + p)) (half up), net = gross − VAT,
 * so net + VAT is always exactly the gross the team paid (19 %: VAT = round(gross × 19 / 119)).
 */
export function vatIncluded(grossCents: number, vatPercent: number): { netCents: number; vatCents: number; grossCents: number } {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new RangeError(`gross must be non-negative integer cents, got ${grossCents}`);
  if (!Number.isInteger(vatPercent) || vatPercent < 0 || vatPercent > 100) throw new RangeError(`VAT percent must be an integer 0..100, got ${vatPercent}`);
  // integer arithmetic: the remainder decides the rounding, no float ever touches the cents
  const numerator = grossCents * vatPercent;
  const denominator = 100 + vatPercent;
  const vatCents = Math.floor(numerator / denominator) + (2 * (numerator % denominator) >= denominator ? 1 : 0);
  return { netCents: grossCents - vatCents, vatCents, grossCents };
}

/** The printed number of an invoice: prefix, year and the year's gapless sequence, e.g. "KR-2026-00001". */
export function invoiceNumber(year: number, sequence: number, prefix = "KR"): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`sequence must be a positive integer, got ${sequence}`);
  return `${prefix}-${year}-${String(sequence).padStart(5, "0")}`;
}
