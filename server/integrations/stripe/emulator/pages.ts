import type Stripe from "stripe";
import { completeOnboarding, linkState, type BusinessType } from "./accounts";
import { authenticate, confirmWithOutcome, type AuthenticationResult, type ConfirmOutcome } from "./confirmation";
import { authenticatePage, checkoutPage, html, messagePage, onboardingPage, pageLocale, type PageLocale } from "./page-html";
import type { EmulatorStore } from "./store";
import { isHttpUrl, StripeApiError } from "./validation";

/**
 * The hosted pages of the local Stripe emulator (their HTML in page-html.ts):
 * /connect/onboarding/:token (an account link's url) and /checkout/:paymentIntentId (what Stripe.js
 * does in the browser: confirm, with 3-D Secure or the wallet's step at /checkout/:id/authenticate,
 * then back to the return URL with `payment_intent`, `payment_intent_client_secret`, `redirect_status`).
 */

const redirect = (location: string) => new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
const redirectStatus = (pi: Stripe.PaymentIntent) =>
  pi.status === "succeeded" || pi.status === "requires_capture" ? "succeeded" : pi.status === "processing" ? "processing" : "failed";
/** Where Stripe.js sends the customer after confirming: the return URL with Stripe's parameters. */
const backTo = (returnUrl: string, pi: Stripe.PaymentIntent) => {
  const u = new URL(returnUrl);
  u.searchParams.set("payment_intent", pi.id);
  u.searchParams.set("payment_intent_client_secret", pi.client_secret ?? "");
  u.searchParams.set("redirect_status", redirectStatus(pi));
  return u.toString();
};

/** A hosted checkout link for a payment intent: what the client opens instead of Stripe.js when running on the emulator. */
export function checkoutUrl(origin: string, intent: { id: string; client_secret: string | null }, returnUrl: string, locale?: PageLocale): string {
  const q = new URLSearchParams({ client_secret: intent.client_secret ?? "", return_url: returnUrl, ...(locale ? { locale } : {}) });
  return `${origin}/checkout/${intent.id}?${q}`;
}

/**
 * The handler of the hosted pages: a response, or null for a path or method that is not one of them.
 * `changed` is told after each submitted form (the state changed).
 */
export function createPages(opts: { store: EmulatorStore; changed: () => void }) {
  const { store, changed } = opts;

  async function pages(req: Request, url: URL): Promise<Response | null> {
    const form = req.method === "POST" ? new URLSearchParams(await req.text()) : null;
    const read = (name: string) => form?.get(name) ?? url.searchParams.get(name);
    const locale: PageLocale = pageLocale(read("locale"), req.headers.get("accept-language"));

    const onboarding = /^\/connect\/onboarding\/([A-Za-z0-9]+)$/.exec(url.pathname);
    if (onboarding) {
      const state = linkState(store, onboarding[1]!);
      if (!state) return html(messagePage({ locale, kind: "invalidLink" }), 404);
      if (!state.usable) return redirect(state.link.refreshUrl);
      if (req.method === "GET") {
        const account = store.account(state.link.account);
        return html(onboardingPage({ locale, action: url.pathname, accountId: account.id, email: account.email, businessType: account.business_type ?? null }));
      }
      if (req.method !== "POST") return null;
      const outcome = read("outcome") === "incomplete" ? "incomplete" : "complete";
      const businessType: BusinessType = read("business_type") === "company" ? "company" : "individual";
      state.link.used = true;
      completeOnboarding(store, state.link.account, { businessType, outcome });
      changed();
      return redirect(state.link.returnUrl);
    }

    const checkout = /^\/checkout\/(pi_[A-Za-z0-9]+)(\/authenticate)?$/.exec(url.pathname);
    if (checkout) {
      const pi = store.intents.get(checkout[1]!);
      const clientSecret = read("client_secret") ?? "";
      const returnUrl = read("return_url") ?? "";
      if (!pi || pi.client_secret !== clientSecret || !isHttpUrl(returnUrl)) return html(messagePage({ locale, kind: "invalidPayment" }), 400);
      const authenticateUrl = `/checkout/${pi.id}/authenticate?${new URLSearchParams({ client_secret: clientSecret, return_url: returnUrl, locale })}`;
      const authenticating = checkout[2] !== undefined;
      /** what both payment pages show and post back */
      const payment = { locale, action: url.pathname, clientSecret, returnUrl, amount: pi.amount, currency: pi.currency };
      if (!authenticating) {
        if (pi.status === "requires_action") return redirect(authenticateUrl);
        if (!["requires_payment_method", "requires_confirmation"].includes(pi.status)) {
          return html(messagePage({ locale, kind: "alreadyDone", backUrl: backTo(returnUrl, pi) }), 409);
        }
        if (req.method === "GET") {
          return html(
            checkoutPage({
              ...payment,
              description: pi.description,
              manualCapture: pi.capture_method === "manual",
              paymentMethodTypes: pi.payment_method_types,
            }),
          );
        }
        if (req.method !== "POST") return null;
        const chosen = read("outcome");
        const outcome: ConfirmOutcome = chosen === "decline" ? "decline" : chosen === "authentication" ? "authentication" : "success";
        const type = read("payment_method_type") ?? pi.payment_method_types[0] ?? "card";
        if (!pi.payment_method_types.includes(type)) return html(messagePage({ locale, kind: "invalidPayment" }), 400);
        // Redirect-based methods (PayPal, Klarna) always pass through the provider's step.
        const viaProvider = type !== "card" && outcome === "success" ? "authentication" : outcome;
        confirmWithOutcome(store, pi.id, viaProvider, { paymentMethodType: type, returnUrl });
        changed();
        return redirect(pi.status === "requires_action" ? authenticateUrl : backTo(returnUrl, pi));
      }
      if (pi.status !== "requires_action") return html(messagePage({ locale, kind: "alreadyDone", backUrl: backTo(returnUrl, pi) }), 409);
      if (req.method === "GET") {
        return html(authenticatePage({ ...payment, paymentMethodType: store.paymentMethods.get(String(pi.payment_method)) ?? "card" }));
      }
      if (req.method !== "POST") return null;
      const result: AuthenticationResult = read("result") === "fail" ? "fail" : "authorise";
      authenticate(store, pi.id, result);
      changed();
      return redirect(backTo(returnUrl, pi));
    }
    return null;
  }

  return async (req: Request, url: URL): Promise<Response | null> => {
    try {
      return await pages(req, url);
    } catch (e) {
      if (e instanceof StripeApiError) return html(messagePage({ locale: "de", kind: "invalidLink" }), e.status);
      throw e;
    }
  };
}
