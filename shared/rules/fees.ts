import { DEFAULT_FEE_PERCENTAGE, MONTHLY_PROVIDER_FEE_CENTS, STATIC_FEE_CENTS } from "../constants";
import { berlinDay } from "./berlin-time";

/**
 * The money rules of managed payment (spec 000 section 9, spec 001 section 9), in integer cents.
 *
 * Fee per participation = price × dynamic percentage / 100 + static fee, where
 * - the price is what the participation pays: the game's price × the participation's player count
 *   ("Ich + 2" pays three places in one payment);
 * - the dynamic percentage is the game organisation's `gameApplicationFeePercentage`, else 6;
 * - the static fee is 39 cents once per participation (one payment at the provider).
 *
 * Rounding: only the dynamic part can have a fraction of a cent; it is rounded half up (0.5 cent
 * becomes 1 cent) once, on the participation's whole price, never per place. Percentages carry at
 * most two decimals (the organisation's column is numeric(5,2)), so the arithmetic is exact on
 * integers: cents × hundredths of a percent / 10,000.
 *
 * Limits: a free participation (price 0) pays no fee; the fee never exceeds the price (the provider
 * refuses an application fee above the amount), so a payout per participation is never negative.
 */

const HALF_OF_A_CENT = 5_000;
const HUNDREDTHS_PER_WHOLE = 10_000;

function requireCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be non-negative integer cents, got ${value}`);
}

/** A percentage in hundredths (6 → 600, 5.75 → 575); more than two decimals or outside 0..100 is a bug and throws. */
function percentageHundredths(percentage: number): number {
  const hundredths = Math.round(percentage * 100);
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100 || Math.abs(percentage * 100 - hundredths) > 1e-6) {
    throw new RangeError(`a fee percentage has at most two decimals and lies in 0..100, got ${percentage}`);
  }
  return hundredths;
}

/** `percentage` percent of an amount, rounded half up to whole cents (2.5 → 3, 2.4999 → 2). */
export function percentOfCents(amountCents: number, percentage: number): number {
  requireCents(amountCents, "amountCents");
  return Math.floor((amountCents * percentageHundredths(percentage) + HALF_OF_A_CENT) / HUNDREDTHS_PER_WHOLE);
}

/** The dynamic fee percentage of a game: its organisation's, else the default 6 (spec 000 section 9). */
export function feePercentageOf(organization: { gameApplicationFeePercentage: number } | null | undefined): number {
  return organization ? organization.gameApplicationFeePercentage : DEFAULT_FEE_PERCENTAGE;
}

export type ParticipationPrice = {
  /** the game's price per place */
  priceCents: number;
  /** places paid in this participation (the player and extras); 1 when not given */
  playerCount?: number;
  /** the game's dynamic fee percentage (feePercentageOf) */
  feePercentage: number;
};

/** What one participation pays: price per place × places. */
export function participationAmountCents({ priceCents, playerCount = 1 }: ParticipationPrice): number {
  requireCents(priceCents, "priceCents");
  if (!Number.isSafeInteger(playerCount) || playerCount < 1) throw new RangeError(`playerCount must be a positive integer, got ${playerCount}`);
  return priceCents * playerCount;
}

/**
 * The platform's fee for one participation (Stripe's `application_fee_amount`): dynamic percentage of
 * the participation's price, rounded half up, plus 39 cents; 0 when the price is 0, at most the price.
 */
export function participationFeeCents(price: ParticipationPrice): number {
  const amount = participationAmountCents(price);
  if (amount === 0) return 0;
  return Math.min(amount, percentOfCents(amount, price.feePercentage) + STATIC_FEE_CENTS);
}

/** What the organiser receives for one participation before the monthly fee: price minus fee, never negative. */
export function participationPayoutCents(price: ParticipationPrice): number {
  return participationAmountCents(price) - participationFeeCents(price);
}

/* ---------- the provider's monthly fee ---------- */

/** The Europe/Berlin calendar month of an instant as its first day ('2026-11-01'), as users.stripe_monthly_fee_paid_month stores it. */
export function berlinMonthOf(instant: Date): string {
  return `${berlinDay(instant).slice(0, 7)}-01`;
}

/** Whether the monthly fee was already deducted in the Berlin month of `now` (`stripeMonthlyFeePaid` on myAccount). */
export function monthlyFeePaid(paidMonth: string | null, now: Date): boolean {
  return paidMonth === berlinMonthOf(now);
}

/** The monthly provider fee still to deduct in the month of `now`: 200 cents unless already paid that month. */
export function monthlyFeeDueCents(paidMonth: string | null, now: Date): number {
  return monthlyFeePaid(paidMonth, now) ? 0 : MONTHLY_PROVIDER_FEE_CENTS;
}

export type Charge = { amountCents: number; applicationFeeCents: number };

/**
 * Deducts the monthly fee from a payout made of several charges (a game's captured participations):
 * added to the application fees in the order given, each charge's fee at most its amount (the provider
 * refuses more). `remainingCents` is what the payout was too small to carry (then the month is not paid
 * and the next payout carries it); `deductedCents` + `remainingCents` = the monthly fee.
 */
export function deductMonthlyFee(charges: readonly Charge[], monthlyFeeCents: number): { applicationFeesCents: number[]; deductedCents: number; remainingCents: number } {
  requireCents(monthlyFeeCents, "monthlyFeeCents");
  let remaining = monthlyFeeCents;
  const applicationFeesCents = charges.map(({ amountCents, applicationFeeCents }) => {
    requireCents(amountCents, "amountCents");
    requireCents(applicationFeeCents, "applicationFeeCents");
    if (applicationFeeCents > amountCents) throw new RangeError(`an application fee (${applicationFeeCents}) above its amount (${amountCents})`);
    const extra = Math.min(remaining, amountCents - applicationFeeCents);
    remaining -= extra;
    return applicationFeeCents + extra;
  });
  return { applicationFeesCents, deductedCents: monthlyFeeCents - remaining, remainingCents: remaining };
}

/* ---------- the payout calculator (spec 001 section 9) ---------- */

/** The i18n key of the calculator's empty case: 'In dieser Konstellation gibt es keine Auszahlung.' (spec 001 section 8). */
export const PAYOUT_NONE_MESSAGE_KEY = "payout_calculator_none";

export type PayoutInput = {
  priceCents: number;
  feePercentage: number;
  minPlayers: number;
  maxPlayers: number | null;
  /** places the organiser fills without paying (the create form's playerCount: themself and friends) */
  organiserPlaces: number;
  /** `stripeMonthlyFeePaid` of the organiser's account */
  monthlyFeePaid: boolean;
};

export type PayoutRow = {
  /** paying players, each one participation of one place */
  payingPlayers: number;
  /** what they pay together */
  paidCents: number;
  /** the platform's fees on it */
  feesCents: number;
  /** the monthly provider fee deducted from this payout (0 when paid this month) */
  monthlyFeeCents: number;
  /** what the organiser receives; always positive (rows without a payout are left out) */
  payoutCents: number;
};

export type PayoutCalculation = {
  /** one paying player: price, fee, payout */
  perPlayer: { priceCents: number; feeCents: number; payoutCents: number };
  monthlyFeeCents: number;
  /** ascending by paying players; empty: show PAYOUT_NONE_MESSAGE_KEY */
  rows: PayoutRow[];
};

/**
 * The payout calculator of the create and edit forms. Rows run over the numbers of paying players
 * from the minimum still missing (at least 1) up to
 * - with a maximum: every open place (maxPlayers − organiserPlaces);
 * - without one: the minimum players still missing plus 2, at least 2 (spec 001 section 9).
 * Each row assumes one participation per player, which pays the static fee most often (the least the
 * organiser can receive). The monthly fee (2 EUR, unless paid this month) is deducted from each row's
 * payout, since the game's payout could be the month's first. Rows whose payout is not positive are
 * left out; no row left means 'In dieser Konstellation gibt es keine Auszahlung.'
 */
export function payoutCalculation(input: PayoutInput): PayoutCalculation {
  const { priceCents, feePercentage, minPlayers, maxPlayers, organiserPlaces, monthlyFeePaid: paid } = input;
  for (const [name, n] of [["minPlayers", minPlayers], ["organiserPlaces", organiserPlaces], ["maxPlayers", maxPlayers ?? 0]] as const) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer, got ${n}`);
  }
  const price = { priceCents, feePercentage };
  const feeCents = participationFeeCents(price);
  const perPlayerPayout = priceCents - feeCents;
  const monthlyFeeCents = paid ? 0 : MONTHLY_PROVIDER_FEE_CENTS;
  const missing = Math.max(0, minPlayers - organiserPlaces);
  const first = Math.max(1, missing);
  const last = maxPlayers === null ? Math.max(2, missing + 2) : maxPlayers - organiserPlaces;
  const rows: PayoutRow[] = [];
  for (let n = first; n <= last; n++) {
    const payoutCents = n * perPlayerPayout - monthlyFeeCents;
    if (payoutCents > 0) rows.push({ payingPlayers: n, paidCents: n * priceCents, feesCents: n * feeCents, monthlyFeeCents, payoutCents });
  }
  return { perPlayer: { priceCents, feeCents, payoutCents: perPlayerPayout }, monthlyFeeCents, rows };
}
