/** Spec 000 section 9: "Payment polling 10 seconds" (while a returned payment is not confirmed yet). */
export const PAYMENT_POLLING_MS = 10_000;
