import { canSetPrice, type GameActor } from "./game-permissions";

/**
 * Who may use managed payment and set a price (issue 12, spec 000 sections 5 and 6, spec 001 section 2.9).
 * The form shows what these allow and the server refuses the rest, with the same functions.
 */

/** The game organiser's (the creator's) connected payment account, as far as these rules care. */
export type OrganiserPaymentAccount = { paymentChargesEnabled: boolean };

/**
 * Managed payment pays the organiser out through their connected Stripe account, so it needs that
 * account to take charges ("payments fully enabled", spec 001 section 2.9). It is the creator's
 * account that counts, also when an admin edits the game: the money goes to the creator.
 */
export const canUseManagedPayment = (organiser: OrganiserPaymentAccount) => organiser.paymentChargesEnabled;

/**
 * A price above 0: admins, organisations and staff groups on any game (canSetPrice); on a
 * managed-payment game also whoever organises it with an account that takes charges.
 */
export function canPriceGame(actor: GameActor, game: { isManagedPayment: boolean; organiser: OrganiserPaymentAccount }): boolean {
  return canSetPrice(actor) || (game.isManagedPayment && canUseManagedPayment(game.organiser));
}

export type PaymentFields = {
  /** the managed-payment switch */
  managedSwitch: boolean;
  /** the price field */
  priceField: boolean;
  /** the hint that leads to /payments-onboarding */
  onboardingHint: boolean;
};

/**
 * Which payment fields the create and edit forms show. `organiser` is the account of whoever fills in
 * the form when they are the organiser (creating, or editing their own game); null when someone else
 * edits (an admin): the client does not know the creator's account, the server checks it.
 * - the managed-payment switch when the organiser's account takes charges, and on a game saved with
 *   managed payment (so it can be switched off, also after the account lost its charges);
 * - the price field for those who may price any game (canSetPrice), and while managed payment is on;
 * - the hint leading to /payments-onboarding to an organiser whose account cannot take charges yet.
 */
export function paymentFieldsFor(input: {
  actor: GameActor;
  organiser: OrganiserPaymentAccount | null;
  isManagedPayment: boolean;
  /** edit form: the game as saved has managed payment */
  wasManagedPayment: boolean;
}): PaymentFields {
  const organiserReady = input.organiser !== null && canUseManagedPayment(input.organiser);
  const managedSwitch = organiserReady || input.wasManagedPayment;
  return {
    managedSwitch,
    priceField: canSetPrice(input.actor) || (managedSwitch && input.isManagedPayment),
    onboardingHint: input.organiser !== null && !organiserReady,
  };
}
