import { PAYMENT_BUSINESS_TYPES, type PaymentBusinessType } from "@shared/constants";
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { Tx } from "../../db/client";
import { idempotencyKey, type Payments } from "../../integrations/stripe/client";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { findUserByStripeAccountId, setPaymentAccount, type PaymentAccountChanges } from "../users/service";

/**
 * Organisers' connected accounts at Stripe (Connect, Express): creating one, the hosted onboarding
 * link, reading and retiring one, and copying an account's state onto its user. The use cases
 * (permissions, order of checks) are in onboarding.ts; the webhooks call `applyAccountState`.
 */

/** Stripe's `business_type`, or null when it is not (yet) one we know (Stripe may add types). */
function businessTypeOf(account: Stripe.Account): PaymentBusinessType | null {
  const t = account.business_type;
  return t && (PAYMENT_BUSINESS_TYPES as readonly string[]).includes(t) ? (t as PaymentBusinessType) : null;
}

/** The user's payment fields as a connected account reports them (spec 001 section 3). */
export function accountStateChanges(account: Stripe.Account): Required<Omit<PaymentAccountChanges, "stripeAccountId" | "stripeMonthlyFeePaidMonth">> {
  return {
    paymentOnboardingCompleted: account.details_submitted === true,
    paymentChargesEnabled: account.charges_enabled === true,
    paymentPayoutsEnabled: account.payouts_enabled === true,
    paymentBusinessType: businessTypeOf(account),
  };
}

/**
 * Copies a connected account's state onto its user (spec 001 sections 2.9, 3): `details_submitted`
 * becomes paymentOnboardingCompleted, `charges_enabled` / `payouts_enabled` and `business_type` as
 * they are. Called for `account.updated` webhooks and by the onboarding's check after the return
 * from Stripe; both carry the whole account, so applying the same state twice changes nothing. An
 * account that belongs to nobody (reset, or another platform's) changes nothing.
 */
export async function applyAccountState(tx: Tx, account: Stripe.Account, now: Date): Promise<void> {
  const user = await findUserByStripeAccountId(tx, account.id);
  if (!user) return;
  await setPaymentAccount(tx, user.id, accountStateChanges(account), now);
}

/** The merchant category of every organiser: "athletic fields, sports clubs and promoters". */
const SPORTS_MCC = "7941";

/**
 * Creates an organiser's Express account (country DE, card payments and transfers). The
 * idempotency key is the user's id and the version of their row (`updatedAt`), so a request
 * retried after a crash, or two taps at once, get the one account Stripe already made; after a
 * reset (which changes the row) the next call makes a new one. Nothing personal goes into the key.
 */
export function createConnectedAccount(payments: Payments, user: { id: number; email: string; updatedAt: Date }): Promise<Stripe.Account> {
  return payments.stripe.accounts.create(
    {
      type: "express",
      country: "DE",
      email: user.email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      business_profile: { mcc: SPORTS_MCC, product_description: "Teilnahmegebühren für Fußballrunden auf Kickrunde" },
      metadata: { userId: String(user.id) },
    },
    { idempotencyKey: idempotencyKey("connected-account", user.id, user.updatedAt.getTime()) },
  );
}

/**
 * A fresh link to Stripe's hosted onboarding; back at `/payments-onboarding?stripe-return`, or at
 * `?stripe-refresh` when the link expired or was used. Links are single-use and short-lived, so
 * every tap asks for a new one: the key is unique per request (the SDK's retries reuse it).
 */
export async function createOnboardingLink(payments: Payments, accountId: string, publicUrl: string): Promise<string> {
  const page = `${publicUrl}/payments-onboarding`;
  const link = await payments.stripe.accountLinks.create(
    { account: accountId, type: "account_onboarding", refresh_url: `${page}?stripe-refresh`, return_url: `${page}?stripe-return` },
    { idempotencyKey: idempotencyKey("account-link", accountId, randomUUID()) },
  );
  return link.url;
}

export function retrieveConnectedAccount(payments: Payments, accountId: string): Promise<Stripe.Account> {
  return payments.stripe.accounts.retrieve(accountId);
}

/**
 * What happens to a connected account its user left through "restart" (resetPaymentAccount): one
 * that cannot take charges (an unfinished or refused onboarding) is deleted at Stripe, so no
 * abandoned account keeps the person's data there. One that can take charges is kept: payments
 * already made still transfer to it and its balance still pays out, which a deletion would cut off
 * (Stripe refuses to delete live accounts with a balance anyway). It just belongs to nobody here any
 * more, so its webhooks change nothing. Best effort: a failure is logged, the reset stands.
 */
export async function retireConnectedAccount(payments: Payments, accountId: string, logger: Logger): Promise<"deleted" | "kept"> {
  try {
    const account = await payments.stripe.accounts.retrieve(accountId);
    if (account.charges_enabled) return "kept";
    await payments.stripe.accounts.del(accountId);
    return "deleted";
  } catch (e) {
    logger.warn("stripe: could not retire a connected account after a reset", { account: accountId, ...stripeErrorFields(e) });
    return "kept";
  }
}

/** What a log line says about a failed Stripe call (never the request's personal data). */
export function stripeErrorFields(e: unknown): Record<string, string | number | undefined> {
  if (e instanceof Stripe.errors.StripeError) {
    return { type: e.type, code: e.code, param: e.param, status: e.statusCode, requestId: e.requestId, message: e.message };
  }
  return { message: e instanceof Error ? e.message : String(e) };
}

/**
 * The onboarding's error for a failed Stripe call (spec 001 section 8): one that names a postal
 * code asks to correct the address; anything else is "unexpected, check your data, contact help".
 */
export function onboardingError(e: unknown): AppError {
  const postalCode = e instanceof Stripe.errors.StripeError && (/postal_code/.test(e.param ?? "") || /postal code/i.test(e.message));
  return new AppError(postalCode ? "PAYMENT_POSTAL_CODE_INVALID" : "PAYMENT_ONBOARDING_FAILED", { cause: e });
}
