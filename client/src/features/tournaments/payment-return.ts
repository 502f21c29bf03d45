/**
 * The return from the payment page to /tournament/{id} (spec 001 section 2.10): `returned`, `tpid` (the team) and
 * `redirect_status`; Stripe.js adds `payment_intent` and its client secret. Read once when the page opens, then
 * removed from the address without a history entry.
 */
export type PaymentReturn = { participationId: number | null; status: "succeeded" | "failed" };

const RETURN_PARAMS = ["returned", "tpid", "redirect_status", "payment_intent", "payment_intent_client_secret"];

/** The return the page was opened with, or null. Anything but "failed" waits for the confirmation ("processing" too). */
export function readPaymentReturn(searchStr: string): PaymentReturn | null {
  const params = new URLSearchParams(searchStr);
  if (!params.has("returned")) return null;
  const tpid = params.get("tpid") ?? "";
  return {
    participationId: /^[1-9]\d{0,9}$/.test(tpid) ? Number(tpid) : null,
    status: params.get("redirect_status") === "failed" ? "failed" : "succeeded",
  };
}

/** The query string without the return's parameters ("" when nothing else is left; flags stay as bare names: ?rules). */
export function searchWithoutReturn(searchStr: string): string {
  const params = new URLSearchParams(searchStr);
  for (const name of RETURN_PARAMS) params.delete(name);
  const query = params.toString().replace(/=(?=&|$)/g, "");
  return query ? `?${query}` : "";
}
