import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import Stripe from "stripe";
import {
  EmulatorCore,
  isHttpUrl,
  randomId,
  type AuthenticationResult,
  type BusinessType,
  type ConfirmOutcome,
  type EmulatorSnapshot,
  type RequestRef,
} from "./emulator-core";
import { authenticatePage, checkoutPage, html, messagePage, onboardingPage, pageLocale, type PageLocale } from "./emulator-pages";
import { decodeForm, fingerprint, Params, StripeApiError } from "./emulator-params";
import { createWebhookSender, signWebhookPayload, webhookPayload, type WebhookDelivery } from "./emulator-webhooks";

/**
 * A local stand-in for the part of Stripe's API Kickrunde uses, for tests and the offline default
 * (`npm start`, `bun dev`): an HTTP server on 127.0.0.1 that the official `stripe` SDK talks to
 * through its `host`/`port`/`protocol` options. It speaks Stripe's wire format (form-encoded
 * requests with nested keys, JSON answers, Stripe-shaped errors with the statuses the SDK maps to
 * its error classes), checks `Authorization: Bearer <secret key>`, honours `Idempotency-Key`
 * (same key and parameters: the saved answer again, with `Idempotent-Replayed: true`; same key,
 * other parameters: 400 idempotency_error), and delivers every event signed with Stripe's scheme to
 * one webhook URL (emulator-webhooks.ts).
 *
 * Endpoints: /v1/accounts (create, list, retrieve, update, delete), /v1/account_links,
 * /v1/payment_intents (create, retrieve, update, confirm, capture, cancel), /v1/refunds (create,
 * retrieve), /v1/charges/:id, /v1/events (list, retrieve). Hosted pages (emulator-pages.ts):
 * /connect/onboarding/:token (an account link's url) and /checkout/:paymentIntentId (what Stripe.js
 * does in the browser: confirm, with 3-D Secure or the wallet's step at /checkout/:id/authenticate,
 * then back to the return URL with `payment_intent`, `payment_intent_client_secret`, `redirect_status`).
 *
 * Test controls are methods of the returned object, never HTTP routes. With `stateFile` the state
 * (keys included) survives restarts, so the offline default keeps its connected accounts.
 */
export type StripeEmulatorOptions = {
  /** generated (`sk_test_emulator_…`) or taken from the state file when not given */
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  webhookUrl?: string | null;
  hostname?: string;
  port?: number;
  /** a JSON file the state is kept in across restarts (offline default); none: memory only */
  stateFile?: string;
  now?: () => number;
  /** pauses before each retry of a failed webhook delivery; Stripe retries for days, the emulator a few times */
  retryDelaysMs?: readonly number[];
  deliveryTimeoutMs?: number;
  /** told when a webhook delivery was given up after its last retry */
  onDeliveryFailed?: (delivery: WebhookDelivery) => void;
};

type Keys = { secretKey: string; publishableKey: string; webhookSecret: string };
type PersistedFile = EmulatorSnapshot & { keys: Keys };

export type StripeEmulator = Awaited<ReturnType<typeof startStripeEmulator>>;

export async function startStripeEmulator(options: StripeEmulatorOptions = {}) {
  const now = options.now ?? Date.now;
  const persisted = options.stateFile && existsSync(options.stateFile) ? (JSON.parse(readFileSync(options.stateFile, "utf8")) as PersistedFile) : null;
  const keys: Keys = {
    secretKey: options.secretKey ?? persisted?.keys.secretKey ?? randomId("sk_test_emulator_", 24),
    publishableKey: options.publishableKey ?? persisted?.keys.publishableKey ?? randomId("pk_test_emulator_", 24),
    webhookSecret: options.webhookSecret ?? persisted?.keys.webhookSecret ?? randomId("whsec_", 32),
  };
  const sender = createWebhookSender({
    secret: () => keys.webhookSecret,
    now,
    retryDelaysMs: options.retryDelaysMs ?? [200, 1000, 5000],
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
    onGiveUp: options.onDeliveryFailed,
  });
  sender.setUrl(options.webhookUrl ?? null);
  const core = new EmulatorCore({
    now,
    origin: () => origin,
    pendingWebhooks: () => (sender.url ? 1 : 0),
    onEvent: (e) => sender.enqueue(e),
  });
  if (persisted) core.restore(persisted);

  // ---- persistence (debounced; flushed on close)
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    if (!options.stateFile) return;
    mkdirSync(dirname(options.stateFile), { recursive: true });
    const file: PersistedFile = { ...core.snapshot(), keys };
    const tmp = `${options.stateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(file));
    renameSync(tmp, options.stateFile);
  };
  const changed = () => {
    if (!options.stateFile || saveTimer) return;
    saveTimer = setTimeout(flush, 100);
  };

  // ---- the API
  type Handler = (m: RegExpExecArray, p: Params, request: RequestRef, expand: string[] | undefined) => unknown;
  const ID = "([A-Za-z0-9_]+)";
  const withExpand = <T extends { object: string }>(obj: T, expand: string[] | undefined) => core.expand(obj, expand);
  const orThrow = (r: { intent: Stripe.PaymentIntent; error?: StripeApiError }, expand: string[] | undefined) => {
    if (r.error) throw r.error;
    return withExpand(r.intent, expand);
  };
  const routes: [string, RegExp, Handler][] = [
    ["POST", /^\/v1\/accounts$/, (_m, p, r) => core.createAccount(p, r)],
    ["GET", /^\/v1\/accounts$/, (_m, p) => core.listAccounts(p)],
    ["GET", new RegExp(`^/v1/accounts/${ID}$`), (m, p) => (p.only("expand"), core.account(m[1]!))],
    ["POST", new RegExp(`^/v1/accounts/${ID}$`), (m, p, r) => core.updateAccount(m[1]!, p, r)],
    ["DELETE", new RegExp(`^/v1/accounts/${ID}$`), (m) => core.deleteAccount(m[1]!)],
    ["POST", /^\/v1\/account_links$/, (_m, p) => core.createAccountLink(p)],
    ["POST", /^\/v1\/payment_intents$/, (_m, p, r, e) => orThrow(core.createPaymentIntent(p, r), e)],
    ["GET", new RegExp(`^/v1/payment_intents/${ID}$`), (m, p, _r, e) => (p.only("expand", "client_secret"), withExpand(core.intent(m[1]!), e))],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}$`), (m, p, _r, e) => withExpand(core.updatePaymentIntent(m[1]!, p), e)],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}/confirm$`), (m, p, r, e) => orThrow(core.confirmFromApi(m[1]!, p, r), e)],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}/capture$`), (m, p, r, e) => withExpand(core.capture(m[1]!, p, r), e)],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}/cancel$`), (m, p, r, e) => withExpand(core.cancel(m[1]!, p, r), e)],
    ["POST", /^\/v1\/refunds$/, (_m, p, r, e) => withExpand(core.createRefund(p, r), e)],
    ["GET", new RegExp(`^/v1/refunds/${ID}$`), (m, p, _r, e) => (p.only("expand"), withExpand(core.refund(m[1]!), e))],
    ["GET", new RegExp(`^/v1/charges/${ID}$`), (m, p, _r, e) => (p.only("expand"), withExpand(core.charge(m[1]!, "id"), e))],
    ["GET", /^\/v1\/events$/, (_m, p) => core.listEvents(p)],
    ["GET", new RegExp(`^/v1/events/${ID}$`), (m, p) => (p.only("expand"), core.event(m[1]!))],
  ];

  async function api(req: Request, url: URL): Promise<Response> {
    const requestId = randomId("req_", 14);
    const idempotencyKey = req.method === "POST" ? req.headers.get("idempotency-key") : null;
    const baseHeaders: Record<string, string> = {
      "content-type": "application/json",
      "request-id": requestId,
      "stripe-version": req.headers.get("stripe-version") ?? Stripe.API_VERSION,
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    };
    const respond = (status: number, body: string, extra: Record<string, string> = {}) =>
      new Response(body, { status, headers: { ...baseHeaders, ...extra } });
    const errorBody = (e: StripeApiError) => JSON.stringify({ error: { ...e.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } }, null, 2);

    const key = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim();
    if (!key) {
      return respond(
        401,
        JSON.stringify({
          error: {
            type: "invalid_request_error",
            message:
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
          },
        }),
      );
    }
    if (key !== keys.secretKey) {
      const shown = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(Math.max(4, key.length - 12))}${key.slice(-4)}` : "****";
      return respond(401, JSON.stringify({ error: { type: "invalid_request_error", code: "api_key_invalid", message: `Invalid API Key provided: ${shown}` } }));
    }

    const route = routes.find(([method, re]) => method === req.method && re.test(url.pathname));
    if (!route) {
      return respond(
        404,
        JSON.stringify({
          error: {
            type: "invalid_request_error",
            message: `Unrecognized request URL (${req.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          },
        }),
      );
    }
    const pairs = req.method === "POST" ? [...new URLSearchParams(await req.text())] : [...url.searchParams];

    const idemKey = idempotencyKey ? `${keys.secretKey}:${idempotencyKey}` : null;
    const print = fingerprint(req.method, url.pathname, pairs);
    if (idemKey) {
      const saved = core.idempotency.get(idemKey);
      if (saved) {
        if (saved.fingerprint !== print) {
          const samePath = JSON.parse(saved.fingerprint)[1] === url.pathname;
          return respond(
            400,
            errorBody(
              new StripeApiError(400, {
                type: "idempotency_error",
                message: samePath
                  ? `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`
                  : `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${url.pathname}' vs '${JSON.parse(saved.fingerprint)[1]}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              }),
            ),
          );
        }
        return respond(saved.status, saved.body, { "idempotent-replayed": "true", "original-request": "replayed" });
      }
    }

    const request: RequestRef = { id: requestId, idempotency_key: idempotencyKey };
    let status = 200;
    let body: string;
    let save = true;
    try {
      const params = new Params(decodeForm(pairs));
      const expand = params.strArray("expand");
      const m = route[1].exec(url.pathname)!;
      body = JSON.stringify(route[2](m, params, request, expand), null, 2);
    } catch (e) {
      if (!(e instanceof StripeApiError)) {
        console.error("stripe emulator: unexpected error", e);
        e = new StripeApiError(500, { type: "api_error", message: "An unknown error occurred" });
      }
      const err = e as StripeApiError;
      status = err.status;
      body = errorBody(err);
      save = err.executed;
    }
    if (req.method !== "GET") changed();
    if (idemKey && save) core.idempotency.set(idemKey, { fingerprint: print, status, body, createdAt: Math.floor(now() / 1000) });
    return respond(status, body);
  }

  // ---- hosted pages
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

  async function pages(req: Request, url: URL): Promise<Response | null> {
    const form = req.method === "POST" ? new URLSearchParams(await req.text()) : null;
    const read = (name: string) => form?.get(name) ?? url.searchParams.get(name);
    const locale: PageLocale = pageLocale(read("locale"), req.headers.get("accept-language"));

    const onboarding = /^\/connect\/onboarding\/([A-Za-z0-9]+)$/.exec(url.pathname);
    if (onboarding) {
      const state = core.linkState(onboarding[1]!);
      if (!state) return html(messagePage({ locale, kind: "invalidLink" }), 404);
      if (!state.usable) return redirect(state.link.refreshUrl);
      if (req.method === "GET") {
        const account = core.account(state.link.account);
        return html(onboardingPage({ locale, action: url.pathname, accountId: account.id, email: account.email, businessType: account.business_type ?? null }));
      }
      if (req.method !== "POST") return null;
      const outcome = read("outcome") === "incomplete" ? "incomplete" : "complete";
      const businessType: BusinessType = read("business_type") === "company" ? "company" : "individual";
      state.link.used = true;
      core.completeOnboarding(state.link.account, { businessType, outcome });
      changed();
      return redirect(state.link.returnUrl);
    }

    const checkout = /^\/checkout\/(pi_[A-Za-z0-9]+)(\/authenticate)?$/.exec(url.pathname);
    if (checkout) {
      const pi = core.intents.get(checkout[1]!);
      const clientSecret = read("client_secret") ?? "";
      const returnUrl = read("return_url") ?? "";
      if (!pi || pi.client_secret !== clientSecret || !isHttpUrl(returnUrl)) return html(messagePage({ locale, kind: "invalidPayment" }), 400);
      const authenticateUrl = `/checkout/${pi.id}/authenticate?${new URLSearchParams({ client_secret: clientSecret, return_url: returnUrl, locale })}`;
      const authenticating = checkout[2] !== undefined;
      if (!authenticating) {
        if (pi.status === "requires_action") return redirect(authenticateUrl);
        if (!["requires_payment_method", "requires_confirmation"].includes(pi.status)) {
          return html(messagePage({ locale, kind: "alreadyDone", backUrl: backTo(returnUrl, pi) }), 409);
        }
        if (req.method === "GET") {
          return html(
            checkoutPage({
              locale,
              action: url.pathname,
              clientSecret,
              returnUrl,
              amount: pi.amount,
              currency: pi.currency,
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
        core.confirmWithOutcome(pi.id, viaProvider, { paymentMethodType: type, returnUrl });
        changed();
        return redirect(pi.status === "requires_action" ? authenticateUrl : backTo(returnUrl, pi));
      }
      if (pi.status !== "requires_action") return html(messagePage({ locale, kind: "alreadyDone", backUrl: backTo(returnUrl, pi) }), 409);
      if (req.method === "GET") {
        return html(
          authenticatePage({
            locale,
            action: url.pathname,
            clientSecret,
            returnUrl,
            amount: pi.amount,
            currency: pi.currency,
            paymentMethodType: core.paymentMethods.get(String(pi.payment_method)) ?? "card",
          }),
        );
      }
      if (req.method !== "POST") return null;
      const result: AuthenticationResult = read("result") === "fail" ? "fail" : "authorise";
      core.authenticate(pi.id, result);
      changed();
      return redirect(backTo(returnUrl, pi));
    }
    return null;
  }

  const server = Bun.serve({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname.startsWith("/v1/")) return api(req, url);
      try {
        const page = await pages(req, url);
        if (page) return page;
      } catch (e) {
        if (e instanceof StripeApiError) return html(messagePage({ locale: "de", kind: "invalidLink" }), e.status);
        throw e;
      }
      return new Response("Not found", { status: 404 });
    },
  });
  const origin = `http://${server.hostname}:${server.port}`;

  /** Runs a test control: its state change is saved like an API request's. */
  const control = <T>(fn: () => T): T => {
    const result = fn();
    changed();
    return structuredClone(result);
  };

  return {
    /** the emulator's address; the SDK's host/port/protocol come from it */
    url: origin,
    host: server.hostname!,
    port: server.port!,
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    webhookSecret: keys.webhookSecret,
    /** every event created, oldest first (also the ones not delivered) */
    events: core.events as readonly Stripe.Event[],
    /** every webhook delivery attempt, with its answer */
    deliveries: sender.deliveries,
    get webhookUrl() {
      return sender.url;
    },
    /** Where events are POSTed; null: events are only recorded. */
    setWebhookUrl(url: string | null) {
      sender.setUrl(url);
    },
    /** Holds back new events (recorded in `events` and `heldEvents`) so a test can deliver them itself, in any order. */
    pauseDeliveries() {
      sender.pause();
    },
    /** Resumes automatic delivery; the held events are sent now, or dropped with `{ deliverHeld: false }`. */
    resumeDeliveries(opts: { deliverHeld?: boolean } = {}) {
      sender.resume(opts);
    },
    get heldEvents(): readonly Stripe.Event[] {
      return sender.held;
    },
    /** Resolves when no delivery is in flight or waiting for a retry. */
    waitForDeliveries(timeoutMs = 10_000): Promise<void> {
      return sender.idle(timeoutMs);
    },
    /** One signed delivery of an event right now (no retries), to the webhook URL or `url`. */
    deliver(event: Stripe.Event, url?: string): Promise<WebhookDelivery> {
      return sender.deliverNow(event, url ?? sender.url);
    },
    /** The exact body and Stripe-Signature header the emulator would send for an event. */
    signedRequest(event: Stripe.Event, timestampSeconds = Math.floor(now() / 1000)): { payload: string; signature: string } {
      const payload = webhookPayload(event);
      return { payload, signature: signWebhookPayload(payload, keys.webhookSecret, timestampSeconds) };
    },
    /** A hosted checkout link for a payment intent: what the client opens instead of Stripe.js when running on the emulator. */
    checkoutUrl(intent: { id: string; client_secret: string | null }, returnUrl: string, locale?: PageLocale): string {
      const q = new URLSearchParams({ client_secret: intent.client_secret ?? "", return_url: returnUrl, ...(locale ? { locale } : {}) });
      return `${origin}/checkout/${intent.id}?${q}`;
    },

    // ---- test controls (no HTTP route reaches them)
    /** An Express account under a fixed id (created once, no event): for the demo data's accounts. */
    ensureAccount(accountId: string, email: string | null): Stripe.Account {
      return control(() => core.ensureAccount(accountId, email));
    },
    /** As if the account holder finished (or abandoned) the hosted onboarding; emits account.updated. */
    completeOnboarding(accountId: string, opts: { businessType?: BusinessType; outcome?: "complete" | "incomplete" } = {}): Stripe.Account {
      return control(() => core.completeOnboarding(accountId, opts));
    },
    /** As if the customer confirmed on the checkout page with this outcome. */
    confirm(paymentIntentId: string, outcome: ConfirmOutcome, opts: { paymentMethodType?: string } = {}): Stripe.PaymentIntent {
      return control(() => core.confirmWithOutcome(paymentIntentId, outcome, opts).intent);
    },
    /** The 3-D Secure / wallet step of an intent in requires_action. */
    authenticate(paymentIntentId: string, result: AuthenticationResult): Stripe.PaymentIntent {
      return control(() => core.authenticate(paymentIntentId, result));
    },
    /** An uncaptured authorisation runs out: the intent becomes canceled (reason automatic), with charge.expired. */
    expireAuthorisation(paymentIntentId: string): Stripe.PaymentIntent {
      return control(() => core.expireAuthorisation(paymentIntentId));
    },

    /** The platform's fee given back so far on an intent's charge by refunds with `refund_application_fee`, in cents. */
    applicationFeeRefundedCents(paymentIntentId: string): number {
      const charge = core.intents.get(paymentIntentId)?.latest_charge;
      return typeof charge === "string" ? (core.applicationFeeRefunded.get(charge) ?? 0) : 0;
    },

    async close() {
      sender.close();
      await server.stop(true);
      flush();
    },
  };
}

export type { AuthenticationResult, BusinessType, ConfirmOutcome, WebhookDelivery };
