import { PRICE_MAX_CENTS } from "@shared/constants";
import { feePercentageOf, type PayoutInput } from "@shared/rules/fees";
import type { OrganiserPaymentAccount } from "@shared/rules/managed-payment";
import type { TGame } from "@shared/schemas/games";
import type { TMyAccount } from "@shared/schemas/users";
import { typedPriceCents, type GameFormState } from "./game-form-state";

/**
 * What the payment fields and the payout calculator of the game form need to know besides the form's
 * values: whose account gets the payout, the fee percentage, the organiser's own places, the month's fee.
 */
export type PaymentContext = {
  /** the organiser's payment account when the one filling in the form is the organiser; null for someone else (an admin) */
  organiser: OrganiserPaymentAccount | null;
  /** the game as saved has managed payment (edit form) */
  wasManagedPayment: boolean;
  /** the dynamic fee: the organisation's percentage on an organisation game, else 6 (spec 000 section 9) */
  feePercentage: number;
  /** places the organiser fills without paying */
  organiserPlaces: number;
  /** the organiser's `stripeMonthlyFeePaid`; unknown (false: deducted, the least payout) when someone else edits */
  monthlyFeePaid: boolean;
};

/** The create form: the signed-in account organises; its organisation's fee applies to an organisation game. */
export function createPaymentContext(account: TMyAccount, state: Pick<GameFormState, "isOrganizationGame" | "playerCount">): PaymentContext {
  return {
    organiser: account,
    wasManagedPayment: false,
    feePercentage: feePercentageOf(state.isOrganizationGame ? account.organization : null),
    organiserPlaces: state.playerCount,
    monthlyFeePaid: account.stripeMonthlyFeePaid,
  };
}

/** The edit form: the game's creator organises; their own active places are not paid for. */
export function editPaymentContext(account: TMyAccount, game: TGame): PaymentContext {
  const isCreator = account.id === game.creator.id;
  const own = game.participations.find((p) => p.player?.id === game.creator.id && !p.queue);
  return {
    organiser: isCreator ? account : null,
    wasManagedPayment: game.isManagedPayment,
    feePercentage: feePercentageOf(game.organization),
    organiserPlaces: own?.playerCount ?? 0,
    monthlyFeePaid: isCreator && account.stripeMonthlyFeePaid,
  };
}

/** The payout calculator's input from the form as typed; null while the price is no amount it could pay (not a number, negative, above 100 euro). */
export function payoutInputOf(state: Pick<GameFormState, "priceText" | "minPlayers" | "maxPlayers">, context: PaymentContext): PayoutInput | null {
  const priceCents = typedPriceCents(state);
  if (priceCents === null || priceCents < 0 || priceCents > PRICE_MAX_CENTS) return null;
  return {
    priceCents,
    feePercentage: context.feePercentage,
    minPlayers: state.minPlayers,
    maxPlayers: state.maxPlayers,
    organiserPlaces: context.organiserPlaces,
    monthlyFeePaid: context.monthlyFeePaid,
  };
}
