import Stripe from "stripe";
import { checkStatementSuffix } from "./charges";
import { CONFIRMABLE, confirmWithParams, resolvePaymentMethod } from "./confirmation";
import { emit } from "./events";
import { NO_REQUEST, randomId, type EmulatorStore, type RequestRef } from "./store";
import { invalidRequest, mergeMetadata, type Params, type StripeApiError, unexpectedState } from "./validation";

/**
 * Payment intents of the local Stripe emulator (`/v1/payment_intents`): create (destination charges
 * with `transfer_data` and an application fee, manual or automatic capture), update, capture, cancel,
 * and an uncaptured authorisation running out. Confirming them is in confirmation.ts.
 */

const PAYMENT_METHOD_TYPES = ["card", "paypal", "klarna", "sepa_debit", "link", "giropay", "sofort", "eps", "ideal", "bancontact"] as const;
/** Without allowed_payment_method_types Stripe uses the dashboard's automatic payment methods: ours are these. */
const AUTOMATIC_PAYMENT_METHOD_TYPES = ["card", "klarna", "paypal"];

const CANCELABLE = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];
/** Minimum charge amounts in the smallest unit (Stripe: 50 cents for EUR). */
const MINIMUM_AMOUNT: Record<string, number> = { eur: 50, usd: 50, gbp: 30, chf: 50 };

export function createPaymentIntent(store: EmulatorStore, p: Params, request: RequestRef): { intent: Stripe.PaymentIntent; error?: StripeApiError } {
  refuseLegacyTypes(p);
  p.only(
    "amount",
    "currency",
    "capture_method",
    "application_fee_amount",
    "transfer_data",
    "metadata",
    "allowed_payment_method_types",
    "automatic_payment_methods",
    "description",
    "receipt_email",
    "statement_descriptor_suffix",
    "transfer_group",
    "confirm",
    "payment_method",
    "return_url",
    "expand",
  );
  const amount = p.requiredInt("amount");
  const currency = p.requiredStr("currency").toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: "currency" });
  checkAmount(amount, currency);
  const captureMethod = p.oneOf("capture_method", ["automatic", "automatic_async", "manual"] as const) ?? "automatic_async";
  const fee = p.int("application_fee_amount", { min: 0 });
  const transfer = p.obj("transfer_data")?.only("destination", "amount");
  let transferData: Stripe.PaymentIntent.TransferData | null = null;
  if (transfer) {
    const destination = transfer.requiredStr("destination");
    const destAccount = store.accounts.get(destination);
    if (!destAccount) throw invalidRequest(`No such destination: '${destination}'`, { param: "transfer_data[destination]", code: "resource_missing" });
    if (destAccount.capabilities?.transfers !== "active") {
      throw invalidRequest(
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
        { param: "transfer_data[destination]", code: "insufficient_capabilities_for_transfer" },
      );
    }
    const transferAmount = transfer.int("amount", { min: 1 });
    if (transferAmount !== undefined && fee !== undefined) {
      throw invalidRequest("You may only specify one of these parameters: application_fee_amount, transfer_data[amount].", { code: "parameters_exclusive" });
    }
    if (transferAmount !== undefined && transferAmount > amount) {
      throw invalidRequest("The transfer amount must be less than or equal to the amount.", { param: "transfer_data[amount]" });
    }
    transferData = { destination, ...(transferAmount !== undefined ? { amount: transferAmount } : {}) };
  }
  if (fee !== undefined) {
    if (!transferData) {
      throw invalidRequest(
        "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).",
        { param: "application_fee_amount" },
      );
    }
    if (fee > amount) throw invalidRequest("The application fee amount must be less than or equal to the amount.", { param: "application_fee_amount" });
  }
  const types = p.strArray("allowed_payment_method_types");
  const automatic = p.obj("automatic_payment_methods");
  if (types && automatic) {
    throw invalidRequest("You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.", { code: "parameters_exclusive" });
  }
  if (types) checkPaymentMethodTypes(types);
  const automaticEnabled = automatic?.only("enabled", "allow_redirects").bool("enabled") ?? !types;
  const id = randomId("pi_");
  const intent: Stripe.PaymentIntent = {
    id,
    object: "payment_intent",
    allowed_payment_method_types: types ?? null,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: fee ?? null,
    automatic_payment_methods: automaticEnabled
      ? { enabled: true, allow_redirects: automatic?.oneOf("allow_redirects", ["always", "never"] as const) ?? "always" }
      : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: captureMethod,
    client_secret: `${id}_secret_${randomId("", 25)}`,
    confirmation_method: "automatic",
    created: store.seconds(),
    currency,
    customer: null,
    customer_account: null,
    description: p.str("description") || null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: mergeMetadata({}, p.metadata()),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: types ?? [...AUTOMATIC_PAYMENT_METHOD_TYPES],
    payment_record: null,
    processing: null,
    receipt_email: p.str("receipt_email") || null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: checkStatementSuffix(p.str("statement_descriptor_suffix")) || null,
    status: "requires_payment_method",
    transfer_data: transferData,
    transfer_group: p.str("transfer_group") || null,
  };
  store.intents.set(id, intent);
  emit(store, "payment_intent.created", intent, request);
  if (p.bool("confirm")) {
    return confirmWithParams(store, intent, p.str("payment_method"), undefined, p.str("return_url"), request);
  }
  return { intent };
}

export function updatePaymentIntent(store: EmulatorStore, id: string, p: Params): Stripe.PaymentIntent {
  refuseLegacyTypes(p);
  p.only(
    "amount",
    "currency",
    "application_fee_amount",
    "metadata",
    "description",
    "receipt_email",
    "allowed_payment_method_types",
    "payment_method",
    "capture_method",
    "statement_descriptor_suffix",
    "transfer_group",
    "expand",
  );
  const pi = store.intent(id);
  const guard = (field: string, allowed: readonly string[]) => {
    if (!allowed.includes(pi.status)) {
      throw unexpectedState(
        `This PaymentIntent's ${field} could not be updated because it has a status of ${pi.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${allowed.join(", ")}.`,
      );
    }
  };
  const amount = p.int("amount");
  const currency = p.str("currency")?.toLowerCase();
  const fee = p.int("application_fee_amount", { min: 0 });
  const types = p.strArray("allowed_payment_method_types");
  const paymentMethod = p.str("payment_method");
  const captureMethod = p.oneOf("capture_method", ["automatic", "automatic_async", "manual"] as const);
  if (amount !== undefined) guard("amount", CONFIRMABLE);
  if (currency !== undefined) guard("currency", CONFIRMABLE);
  if (types !== undefined) guard("allowed_payment_method_types", CONFIRMABLE);
  if (paymentMethod !== undefined) guard("payment_method", CONFIRMABLE);
  if (captureMethod !== undefined) guard("capture_method", CONFIRMABLE);
  if (fee !== undefined) guard("application_fee_amount", [...CONFIRMABLE, "requires_capture"]);
  const nextAmount = amount ?? pi.amount;
  const nextCurrency = currency ?? pi.currency;
  if (amount !== undefined || currency !== undefined) checkAmount(nextAmount, nextCurrency);
  if (fee !== undefined && !pi.transfer_data) {
    throw invalidRequest("Can only apply an application_fee_amount when the PaymentIntent is attempting a destination payment.", { param: "application_fee_amount" });
  }
  if ((fee ?? pi.application_fee_amount ?? 0) > nextAmount) {
    throw invalidRequest("The application fee amount must be less than or equal to the amount.", { param: "application_fee_amount" });
  }
  if (types) checkPaymentMethodTypes(types);
  if (paymentMethod) resolvePaymentMethod(store, paymentMethod, types ?? pi.payment_method_types);
  const description = p.str("description");
  const receipt = p.str("receipt_email");
  const suffix = checkStatementSuffix(p.str("statement_descriptor_suffix"));
  const group = p.str("transfer_group");
  pi.amount = nextAmount;
  pi.currency = nextCurrency;
  if (fee !== undefined) pi.application_fee_amount = fee;
  if (types) {
    pi.allowed_payment_method_types = types;
    pi.payment_method_types = types;
    pi.automatic_payment_methods = null;
  }
  if (captureMethod) pi.capture_method = captureMethod;
  if (description !== undefined) pi.description = description || null;
  if (receipt !== undefined) pi.receipt_email = receipt || null;
  if (suffix !== undefined) pi.statement_descriptor_suffix = suffix || null;
  if (group !== undefined) pi.transfer_group = group || null;
  pi.metadata = mergeMetadata(pi.metadata, p.metadata());
  // Changing what is paid or how sends the intent back to confirmation (Stripe: confirm again).
  if (amount !== undefined || currency !== undefined || paymentMethod !== undefined || types !== undefined) {
    if (paymentMethod) pi.payment_method = paymentMethod;
    if (types && typeof pi.payment_method === "string" && !types.includes(store.paymentMethods.get(pi.payment_method) ?? "card")) pi.payment_method = null;
    pi.next_action = null;
    pi.status = pi.payment_method ? "requires_confirmation" : "requires_payment_method";
  }
  return pi;
}

export function capture(store: EmulatorStore, id: string, p: Params, request: RequestRef): Stripe.PaymentIntent {
  p.only("amount_to_capture", "application_fee_amount", "metadata", "final_capture", "expand");
  const pi = store.intent(id);
  const amountToCapture = p.int("amount_to_capture", { min: 0 });
  const fee = p.int("application_fee_amount", { min: 0 });
  if (pi.status !== "requires_capture") {
    throw unexpectedState(
      `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  }
  const amount = amountToCapture ?? pi.amount_capturable;
  if (amount > pi.amount_capturable) {
    throw invalidRequest(`The amount_to_capture (${amount}) must be less than or equal to the PaymentIntent's amount_capturable (${pi.amount_capturable}).`, {
      param: "amount_to_capture",
      code: "amount_too_large",
    });
  }
  if (fee !== undefined && !pi.transfer_data) throw invalidRequest("Can only apply an application_fee_amount on a destination payment.", { param: "application_fee_amount" });
  if ((fee ?? pi.application_fee_amount ?? 0) > amount) {
    throw invalidRequest("The application fee amount must be less than or equal to the captured amount.", { param: "application_fee_amount" });
  }
  const charge = store.charges.get(String(pi.latest_charge))!;
  if (fee !== undefined) pi.application_fee_amount = fee;
  pi.metadata = mergeMetadata(pi.metadata, p.metadata());
  pi.status = "succeeded";
  pi.amount_received = amount;
  pi.amount_capturable = 0;
  charge.captured = true;
  charge.amount_captured = amount;
  // Stripe releases the part not captured: it shows as refunded on the charge.
  charge.amount_refunded = pi.amount - amount;
  charge.application_fee_amount = pi.application_fee_amount;
  charge.balance_transaction = randomId("txn_");
  emit(store, "charge.captured", charge, request);
  emit(store, "payment_intent.succeeded", pi, request);
  return pi;
}

export function cancel(store: EmulatorStore, id: string, p: Params, request: RequestRef): Stripe.PaymentIntent {
  p.only("cancellation_reason", "expand");
  const reason = p.oneOf("cancellation_reason", ["duplicate", "fraudulent", "requested_by_customer", "abandoned"] as const);
  return cancelWith(store, id, reason ?? null, request);
}

function cancelWith(store: EmulatorStore, id: string, reason: Stripe.PaymentIntent.CancellationReason | null, request: RequestRef, expired = false): Stripe.PaymentIntent {
  const pi = store.intent(id);
  if (!CANCELABLE.includes(pi.status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
    );
  }
  const releasing = pi.status === "requires_capture";
  pi.status = "canceled";
  pi.canceled_at = store.seconds();
  pi.cancellation_reason = reason;
  pi.amount_capturable = 0;
  pi.next_action = null;
  if (releasing) {
    const charge = store.charges.get(String(pi.latest_charge))!;
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
    if (expired) emit(store, "charge.expired", charge, request);
  }
  emit(store, "payment_intent.canceled", pi, request);
  return pi;
}

/** An uncaptured authorisation runs out (Stripe: after 7 days for cards): the intent is canceled automatically. */
export function expireAuthorisation(store: EmulatorStore, id: string): Stripe.PaymentIntent {
  const pi = store.intent(id);
  if (pi.status !== "requires_capture") throw unexpectedState(`Only an authorisation in requires_capture can expire; this PaymentIntent is ${pi.status}.`);
  return cancelWith(store, id, "automatic", NO_REQUEST, true);
}

function checkAmount(amount: number, currency: string) {
  const minimum = MINIMUM_AMOUNT[currency] ?? 50;
  if (amount < minimum) {
    const shown = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(minimum / 100);
    throw invalidRequest(`Amount must be at least ${shown} ${currency}`, { param: "amount", code: "amount_too_small" });
  }
  if (amount > 99_999_999) throw invalidRequest("Amount must be no more than 999,999.99", { param: "amount", code: "amount_too_large" });
}

function checkPaymentMethodTypes(types: readonly string[]) {
  if (types.length === 0) throw invalidRequest("Invalid array", { param: "allowed_payment_method_types", code: "parameter_invalid_empty" });
  for (const t of types) {
    if (!(PAYMENT_METHOD_TYPES as readonly string[]).includes(t)) {
      throw invalidRequest(`The payment method type provided: ${t} is invalid. Please ensure the provided type is activated in your dashboard.`, {
        param: "allowed_payment_method_types",
        code: "payment_intent_invalid_parameter",
      });
    }
  }
}

/**
 * API version 2026-10-28 replaced the `payment_method_types` parameter by
 * `allowed_payment_method_types` (the object still reports the usable ones as `payment_method_types`).
 */
function refuseLegacyTypes(p: Params) {
  if (p.has("payment_method_types")) {
    throw invalidRequest(
      `Received unknown parameter: payment_method_types. With API version ${Stripe.API_VERSION} use allowed_payment_method_types.`,
      { param: "payment_method_types", code: "parameter_unknown" },
    );
  }
}
