import type Stripe from "stripe";
import { emit } from "./events";
import { randomId, type EmulatorStore, type RequestRef } from "./store";
import { invalidRequest, mergeMetadata, type Params, unexpectedState } from "./validation";

/**
 * Charges and refunds of the local Stripe emulator. A charge is made by each confirmation attempt of
 * a payment intent (confirmation.ts: succeeded, or failed with the decline), captured later for a
 * manual-capture intent (payment-intents.ts); `/v1/refunds` gives back part or all of a captured
 * charge, with the platform's application fee in proportion when asked.
 */

/** The platform's static statement prefix in the emulator (the card statement shows `<prefix>* <suffix>`). */
const STATEMENT_PREFIX = "KICKRUNDE";

/**
 * Stripe's rules for a dynamic suffix (docs "Statement descriptors"): Latin characters, at least one
 * letter, none of < > \\ ' " *, and the whole `<prefix>* <suffix>` at most 22 characters.
 */
export function checkStatementSuffix(suffix: string | undefined): string | undefined {
  if (!suffix) return suffix;
  const param = "statement_descriptor_suffix";
  if (STATEMENT_PREFIX.length + 2 + suffix.length > 22) throw invalidRequest(`The statement descriptor suffix must be at most ${22 - STATEMENT_PREFIX.length - 2} characters with your prefix.`, { param });
  if (!/[A-Za-z]/.test(suffix)) throw invalidRequest("The statement descriptor suffix must contain at least one letter.", { param });
  if (/[<>\\'"*]/.test(suffix) || /[^\x20-\x7E\u00A0-\u024F]/.test(suffix)) throw invalidRequest("The statement descriptor suffix contains characters that are not allowed.", { param });
  return suffix;
}

export function newCharge(
  store: EmulatorStore,
  pi: Stripe.PaymentIntent,
  pm: { id: string; type: string },
  opts: { captured?: boolean; failure?: { code: string; message: string; declineCode: string } },
): Stripe.Charge {
  const failed = opts.failure !== undefined;
  const captured = !failed && opts.captured === true;
  const destination = pi.transfer_data?.destination;
  const charge: Stripe.Charge = {
    id: randomId("ch_"),
    object: "charge",
    amount: pi.amount,
    amount_captured: captured ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: pi.application_fee_amount,
    balance_transaction: captured ? randomId("txn_") : null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: pi.statement_descriptor_suffix ? `${STATEMENT_PREFIX}* ${pi.statement_descriptor_suffix}` : STATEMENT_PREFIX,
    captured,
    created: store.seconds(),
    currency: pi.currency,
    customer: null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: opts.failure?.code ?? null,
    failure_message: opts.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: failed
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: "declined_by_network",
          reason: opts.failure!.declineCode,
          risk_level: "normal",
          seller_message: "The bank did not return any further details with this decline.",
          type: "issuer_declined",
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: "approved_by_network",
          reason: null,
          risk_level: "normal",
          seller_message: "Payment complete.",
          type: "authorized",
        },
    paid: !failed,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: { type: pm.type },
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: pi.statement_descriptor_suffix,
    status: failed ? "failed" : "succeeded",
    transfer_data: destination ? { amount: pi.transfer_data?.amount ?? null, destination } : null,
    transfer_group: pi.transfer_group,
  };
  store.charges.set(charge.id, charge);
  return charge;
}

export function createRefund(store: EmulatorStore, p: Params, request: RequestRef): Stripe.Refund {
  p.only("payment_intent", "charge", "amount", "reason", "metadata", "refund_application_fee", "reverse_transfer", "expand");
  const piId = p.str("payment_intent");
  const chargeId = p.str("charge");
  if (!piId && !chargeId) throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.");
  let charge: Stripe.Charge;
  if (piId) {
    const pi = store.intent(piId, "payment_intent");
    if (pi.status !== "succeeded") {
      throw unexpectedState(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
    }
    charge = store.charges.get(String(pi.latest_charge))!;
    if (chargeId && chargeId !== charge.id) throw invalidRequest(`Charge ${chargeId} does not belong to PaymentIntent ${pi.id}.`, { param: "charge" });
  } else {
    charge = store.charge(chargeId!);
    if (!charge.captured || charge.status !== "succeeded") throw unexpectedState(`Charge ${charge.id} has no captured amount to refund.`);
  }
  const refunded = [...store.refunds.values()].filter((r) => r.charge === charge.id && r.status !== "failed").reduce((s, r) => s + r.amount, 0);
  const remaining = charge.amount_captured - refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded", executed: true });
  }
  const amount = p.int("amount", { min: 1 }) ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, {
      param: "amount",
      code: "amount_too_large",
      executed: true,
    });
  }
  const refundFee = p.bool("refund_application_fee") === true;
  p.bool("reverse_transfer");
  if (refundFee && charge.application_fee_amount) {
    // Stripe refunds the fee in proportion to the amount refunded, never more than the fee
    const done = store.applicationFeeRefunded.get(charge.id) ?? 0;
    const share = Math.floor((charge.application_fee_amount * (refunded + amount)) / charge.amount_captured);
    store.applicationFeeRefunded.set(charge.id, Math.min(charge.application_fee_amount, Math.max(done, share)));
  }
  const refund: Stripe.Refund = {
    id: randomId("re_"),
    object: "refund",
    amount,
    balance_transaction: randomId("txn_"),
    charge: charge.id,
    created: store.seconds(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    destination_details: { type: charge.payment_method_details?.type ?? "card" },
    metadata: mergeMetadata({}, p.metadata()),
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
    payment_method: charge.payment_method,
    reason: p.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"] as const) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  store.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  emit(store, "refund.created", refund, request);
  emit(store, "charge.refunded", charge, request);
  return refund;
}
