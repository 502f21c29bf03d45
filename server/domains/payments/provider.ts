import Stripe from "stripe";
import type { ErrorCode } from "@shared/errors";
import type { Deps } from "../../context";
import type { Payments } from "../../integrations/stripe/client";
import { AppError } from "../../lib/errors";

/** Stripe as configured, or PAYMENTS_UNAVAILABLE when payments are off (production without keys). */
export function requirePayments(deps: Pick<Deps, "payments">): Payments {
  if (!deps.payments) throw new AppError("PAYMENTS_UNAVAILABLE");
  return deps.payments;
}

/**
 * Stripe's error codes (https://docs.stripe.com/error-codes) we answer with our own codes; anything
 * else Stripe refuses is a request we should not have made (PAYMENT_PROVIDER_ERROR, logged).
 */
const INVALID_REQUEST_CODES: Record<string, ErrorCode> = {
  payment_intent_unexpected_state: "PAYMENT_STATE_CONFLICT",
  charge_already_captured: "PAYMENT_STATE_CONFLICT",
  charge_expired_for_capture: "PAYMENT_STATE_CONFLICT",
  charge_already_refunded: "PAYMENT_ALREADY_REFUNDED",
  amount_too_small: "PAYMENT_AMOUNT_INVALID",
  insufficient_capabilities_for_transfer: "PAYMENT_ACCOUNT_NOT_READY",
  account_invalid: "PAYMENT_ACCOUNT_NOT_READY",
};

/**
 * The AppError for an error the SDK threw: Stripe's message stays in the log (and the AppError's
 * cause), the client gets our code. Errors that are not Stripe's are returned as they are.
 */
export function appErrorFromStripe(error: unknown, action: string): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const code = stripeErrorCode(error, action);
  return new AppError(code, { cause: error });
}

function stripeErrorCode(e: Stripe.errors.StripeError, action: string): ErrorCode {
  if (e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError || e instanceof Stripe.errors.StripeRateLimitError) {
    return "PAYMENT_PROVIDER_UNAVAILABLE";
  }
  if (e instanceof Stripe.errors.StripeCardError) return "PAYMENT_DECLINED";
  if (e instanceof Stripe.errors.StripeInvalidRequestError || e instanceof Stripe.errors.StripePermissionError) {
    if (e.code === "amount_too_large") return action === "refund" ? "REFUND_EXCEEDS_PAYMENT" : "PAYMENT_AMOUNT_INVALID";
    if (e.code === "resource_missing") return e.param?.startsWith("transfer_data") ? "PAYMENT_ACCOUNT_NOT_READY" : "PAYMENT_NOT_FOUND";
    const mapped = e.code ? INVALID_REQUEST_CODES[e.code] : undefined;
    if (mapped) return mapped;
  }
  // StripeIdempotencyError (a key reused with other parameters), StripeAuthenticationError (keys), and
  // any other refusal: a fault of ours.
  return "PAYMENT_PROVIDER_ERROR";
}

/**
 * Runs one call to Stripe: its errors become AppErrors, logged with Stripe's own code, message and
 * request id (warn for what the caller can cause, error for our faults and outages).
 */
export async function callStripe<T>(deps: Pick<Deps, "logger">, action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const mapped = appErrorFromStripe(error, action);
    if (mapped instanceof AppError && error instanceof Stripe.errors.StripeError) {
      const detail = { action, code: mapped.code, stripeType: error.type, stripeCode: error.code ?? null, stripeMessage: error.message, requestId: error.requestId ?? null };
      if (mapped.code === "PAYMENT_PROVIDER_ERROR" || mapped.code === "PAYMENT_PROVIDER_UNAVAILABLE") deps.logger.error("stripe call failed", detail);
      else deps.logger.warn("stripe refused", detail);
    }
    throw mapped;
  }
}
