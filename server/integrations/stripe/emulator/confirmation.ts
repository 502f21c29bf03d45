import type Stripe from "stripe";
import { newCharge } from "./charges";
import { emit } from "./events";
import { NO_REQUEST, randomId, type EmulatorStore, type RequestRef } from "./store";
import { invalidRequest, isHttpUrl, type Params, StripeApiError, unexpectedState } from "./validation";

/**
 * Confirming a payment intent in the local Stripe emulator: through the API
 * (`/v1/payment_intents/:id/confirm`, or `confirm=true` on create) with Stripe's test payment methods,
 * or with an outcome chosen on the hosted checkout page or by a test control; then the 3-D Secure or
 * wallet step (`requires_action` → authenticate). Success authorises (manual capture:
 * requires_capture) or pays (succeeded); a decline leaves a failed charge and `last_payment_error`.
 */

/** What confirming a payment intent does, as Stripe's test cards and the hosted checkout page choose it. */
export type ConfirmOutcome = "success" | "decline" | "insufficient_funds" | "authentication";
export type AuthenticationResult = "authorise" | "fail";

/** Stripe's test payment methods (https://docs.stripe.com/testing) the emulator understands. */
const TEST_PAYMENT_METHODS: Record<string, { type: string; outcome: ConfirmOutcome }> = {
  pm_card_visa: { type: "card", outcome: "success" },
  pm_card_mastercard: { type: "card", outcome: "success" },
  pm_card_de: { type: "card", outcome: "success" },
  pm_card_visa_chargeDeclined: { type: "card", outcome: "decline" },
  pm_card_chargeDeclined: { type: "card", outcome: "decline" },
  pm_card_visa_chargeDeclinedInsufficientFunds: { type: "card", outcome: "insufficient_funds" },
  pm_card_chargeDeclinedInsufficientFunds: { type: "card", outcome: "insufficient_funds" },
  pm_card_authenticationRequired: { type: "card", outcome: "authentication" },
  pm_card_threeDSecure2Required: { type: "card", outcome: "authentication" },
};

/** Redirect-based methods: confirming them always goes through the provider's authorisation step. */
const REDIRECT_METHODS = new Set(["paypal", "klarna", "giropay", "sofort", "eps", "ideal", "bancontact"]);

export const CONFIRMABLE = ["requires_payment_method", "requires_confirmation", "requires_action"];

const incompatibleType = (type: string, pi: Stripe.PaymentIntent) =>
  invalidRequest(
    `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(", ")}.`,
    { param: "payment_method", code: "payment_intent_incompatible_payment_method" },
  );

/** POST /v1/payment_intents/:id/confirm */
export function confirmFromApi(store: EmulatorStore, id: string, p: Params, request: RequestRef): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
  p.only("payment_method", "payment_method_data", "return_url", "receipt_email", "error_on_requires_action", "expand");
  const pi = store.intent(id);
  const dataType = p.obj("payment_method_data")?.only("type", "billing_details").requiredStr("type");
  const receipt = p.str("receipt_email");
  if (receipt !== undefined) pi.receipt_email = receipt || null;
  const result = confirmWithParams(store, pi, p.str("payment_method"), dataType, p.str("return_url"), request);
  if (p.bool("error_on_requires_action") && result.intent.status === "requires_action") {
    return {
      intent: result.intent,
      error: new StripeApiError(
        402,
        { type: "card_error", code: "authentication_required", message: "Your card was declined. This transaction requires authentication.", payment_intent: structuredClone(result.intent) },
        true,
      ),
    };
  }
  return result;
}

export function confirmWithParams(
  store: EmulatorStore,
  pi: Stripe.PaymentIntent,
  paymentMethod: string | undefined,
  dataType: string | undefined,
  returnUrl: string | undefined,
  request: RequestRef,
): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
  assertConfirmable(pi);
  let pm: { id: string; type: string; outcome: ConfirmOutcome };
  if (dataType) {
    if (!pi.payment_method_types.includes(dataType)) throw incompatibleType(dataType, pi);
    pm = { id: newPaymentMethod(store, dataType), type: dataType, outcome: REDIRECT_METHODS.has(dataType) ? "authentication" : "success" };
  } else if (paymentMethod) {
    pm = resolvePaymentMethod(store, paymentMethod, pi.payment_method_types);
  } else if (typeof pi.payment_method === "string") {
    pm = resolvePaymentMethod(store, pi.payment_method, pi.payment_method_types);
  } else {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
    );
  }
  if (pm.outcome === "authentication" && returnUrl !== undefined && !isHttpUrl(returnUrl)) {
    throw invalidRequest("Not a valid URL", { param: "return_url", code: "url_invalid" });
  }
  return applyConfirmation(store, pi, pm, pm.outcome, returnUrl ?? null, request);
}

function assertConfirmable(pi: Stripe.PaymentIntent) {
  if (!CONFIRMABLE.includes(pi.status)) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(", ")}.`,
    );
  }
}

function newPaymentMethod(store: EmulatorStore, type: string): string {
  const id = randomId("pm_");
  store.paymentMethods.set(id, type);
  return id;
}

/** A test payment method (a fresh PaymentMethod is created for it, as Stripe does) or one the emulator made. */
export function resolvePaymentMethod(store: EmulatorStore, id: string, allowedTypes: readonly string[]): { id: string; type: string; outcome: ConfirmOutcome } {
  const test = TEST_PAYMENT_METHODS[id];
  const type = test?.type ?? store.paymentMethods.get(id);
  if (!type) throw invalidRequest(`No such PaymentMethod: '${id}'`, { param: "payment_method", code: "resource_missing" });
  if (!allowedTypes.includes(type)) {
    throw invalidRequest(
      `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowedTypes.join(", ")}. Alternatively update the allowed_payment_method_types for this PaymentIntent to include "${type}".`,
      { param: "payment_method", code: "payment_intent_incompatible_payment_method" },
    );
  }
  if (test) return { id: newPaymentMethod(store, type), type, outcome: test.outcome };
  return { id, type, outcome: REDIRECT_METHODS.has(type) ? "authentication" : "success" };
}

/**
 * Confirms with a chosen outcome (hosted checkout page and test controls): success authorises
 * (manual capture: requires_capture) or pays (automatic capture: succeeded); decline returns the
 * intent to requires_payment_method with last_payment_error; authentication asks for the 3-D
 * Secure or wallet step (requires_action).
 */
export function confirmWithOutcome(store: EmulatorStore, id: string, outcome: ConfirmOutcome, opts: { paymentMethodType?: string; returnUrl?: string | null } = {}, request = NO_REQUEST) {
  const pi = store.intent(id);
  assertConfirmable(pi);
  const type = opts.paymentMethodType ?? pi.payment_method_types[0] ?? "card";
  if (!pi.payment_method_types.includes(type)) throw incompatibleType(type, pi);
  return applyConfirmation(store, pi, { id: newPaymentMethod(store, type), type }, outcome, opts.returnUrl ?? null, request);
}

function applyConfirmation(
  store: EmulatorStore,
  pi: Stripe.PaymentIntent,
  pm: { id: string; type: string },
  outcome: ConfirmOutcome,
  returnUrl: string | null,
  request: RequestRef,
): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
  if (outcome === "success") return { intent: authorise(store, pi, pm, request) };
  if (outcome === "authentication") {
    pi.status = "requires_action";
    pi.payment_method = pm.id;
    pi.last_payment_error = null;
    const q = new URLSearchParams({ client_secret: pi.client_secret ?? "", ...(returnUrl ? { return_url: returnUrl } : {}) });
    pi.next_action = { type: "redirect_to_url", redirect_to_url: { url: `${store.origin()}/checkout/${pi.id}/authenticate?${q}`, return_url: returnUrl } };
    emit(store, "payment_intent.requires_action", pi, request);
    return { intent: pi };
  }
  const insufficient = outcome === "insufficient_funds";
  const card = pm.type === "card";
  const code = card ? "card_declined" : "payment_method_provider_decline";
  const declineCode = insufficient ? "insufficient_funds" : "generic_decline";
  const message = !card
    ? "The payment was declined by the payment method provider."
    : insufficient
      ? "Your card has insufficient funds."
      : "Your card was declined.";
  const charge = newCharge(store, pi, pm, { failure: { code, message, declineCode } });
  pi.status = "requires_payment_method";
  pi.payment_method = null;
  pi.next_action = null;
  pi.latest_charge = charge.id;
  pi.last_payment_error = {
    type: card ? "card_error" : "invalid_request_error",
    code,
    ...(card ? { decline_code: declineCode } : {}),
    message,
    charge: charge.id,
    payment_method_type: pm.type,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
  };
  emit(store, "charge.failed", charge, request);
  emit(store, "payment_intent.payment_failed", pi, request);
  const error = new StripeApiError(
    402,
    {
      type: "card_error",
      code,
      ...(card ? { decline_code: declineCode } : {}),
      message,
      charge: charge.id,
      payment_intent: structuredClone(pi),
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
    },
    true,
  );
  return { intent: pi, error };
}

/** The second step of requires_action: the customer authorises (or fails) 3-D Secure or the wallet. */
export function authenticate(store: EmulatorStore, id: string, result: AuthenticationResult, request = NO_REQUEST): Stripe.PaymentIntent {
  const pi = store.intent(id);
  if (pi.status !== "requires_action" || typeof pi.payment_method !== "string") {
    throw unexpectedState(`This PaymentIntent cannot be authenticated because it has a status of ${pi.status}.`);
  }
  const pm = { id: pi.payment_method, type: store.paymentMethods.get(pi.payment_method) ?? "card" };
  if (result === "authorise") return authorise(store, pi, pm, request);
  pi.status = "requires_payment_method";
  pi.payment_method = null;
  pi.next_action = null;
  pi.last_payment_error = {
    type: "invalid_request_error",
    code: "payment_intent_authentication_failure",
    message:
      "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
    payment_method_type: pm.type,
    doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
  };
  emit(store, "payment_intent.payment_failed", pi, request);
  return pi;
}

function authorise(store: EmulatorStore, pi: Stripe.PaymentIntent, pm: { id: string; type: string }, request: RequestRef): Stripe.PaymentIntent {
  const manual = pi.capture_method === "manual";
  const charge = newCharge(store, pi, pm, { captured: !manual });
  pi.payment_method = pm.id;
  pi.latest_charge = charge.id;
  pi.last_payment_error = null;
  pi.next_action = null;
  emit(store, "charge.succeeded", charge, request);
  if (manual) {
    pi.status = "requires_capture";
    pi.amount_capturable = pi.amount;
    emit(store, "payment_intent.amount_capturable_updated", pi, request);
  } else {
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    emit(store, "payment_intent.succeeded", pi, request);
  }
  return pi;
}
