import Stripe from "stripe";
import * as accounts from "./accounts";
import * as charges from "./charges";
import * as confirmation from "./confirmation";
import * as events from "./events";
import * as paymentIntents from "./payment-intents";
import { randomId, type EmulatorStore, type RequestRef } from "./store";
import { decodeForm, fingerprint, invalidRequest, Params, StripeApiError } from "./validation";

/**
 * The HTTP API of the local Stripe emulator, in Stripe's wire format: form-encoded requests with
 * nested keys, JSON answers, Stripe-shaped errors with the statuses the SDK maps to its error
 * classes; `Authorization: Bearer <secret key>`; `Idempotency-Key` (same key and parameters: the
 * saved answer again, with `Idempotent-Replayed: true`; same key, other parameters: 400
 * idempotency_error); `expand[]` on the paths Stripe allows.
 *
 * Endpoints: /v1/accounts (create, list, retrieve, update, delete), /v1/account_links,
 * /v1/payment_intents (create, retrieve, update, confirm, capture, cancel), /v1/refunds (create,
 * retrieve), /v1/charges/:id, /v1/events (list, retrieve).
 */

type Handler = (m: RegExpExecArray, p: Params, request: RequestRef, expand: string[] | undefined) => unknown;
const ID = "([A-Za-z0-9_]+)";

/** Replaces ids by objects for the `expand[]` paths Stripe allows on these objects. */
function expand<T extends { object: string }>(store: EmulatorStore, obj: T, paths: readonly string[] | undefined): T {
  if (!paths || paths.length === 0) return obj;
  const out = structuredClone(obj) as Record<string, unknown>;
  for (const path of paths) {
    const allowed: Record<string, Record<string, (id: string) => unknown>> = {
      payment_intent: { latest_charge: (id) => store.charges.get(id) },
      refund: { charge: (id) => store.charges.get(id), payment_intent: (id) => store.intents.get(id) },
      charge: { payment_intent: (id) => store.intents.get(id) },
    };
    const resolve = allowed[obj.object]?.[path];
    if (!resolve) throw invalidRequest(`This property cannot be expanded (${path}).`, { param: "expand" });
    const value = out[path];
    if (typeof value === "string") out[path] = structuredClone(resolve(value)) ?? value;
  }
  return out as T;
}

/** Method, path and handler of each endpoint. */
function routes(store: EmulatorStore): [string, RegExp, Handler][] {
  const withExpand = <T extends { object: string }>(obj: T, expandPaths: string[] | undefined) => expand(store, obj, expandPaths);
  const orThrow = (r: { intent: Stripe.PaymentIntent; error?: StripeApiError }, expandPaths: string[] | undefined) => {
    if (r.error) throw r.error;
    return withExpand(r.intent, expandPaths);
  };
  return [
    ["POST", /^\/v1\/accounts$/, (_m, p, r) => accounts.createAccount(store, p, r)],
    ["GET", /^\/v1\/accounts$/, (_m, p) => accounts.listAccounts(store, p)],
    ["GET", new RegExp(`^/v1/accounts/${ID}$`), (m, p) => (p.only("expand"), store.account(m[1]!))],
    ["POST", new RegExp(`^/v1/accounts/${ID}$`), (m, p, r) => accounts.updateAccount(store, m[1]!, p, r)],
    ["DELETE", new RegExp(`^/v1/accounts/${ID}$`), (m) => accounts.deleteAccount(store, m[1]!)],
    ["POST", /^\/v1\/account_links$/, (_m, p) => accounts.createAccountLink(store, p)],
    ["POST", /^\/v1\/payment_intents$/, (_m, p, r, e) => orThrow(paymentIntents.createPaymentIntent(store, p, r), e)],
    ["GET", new RegExp(`^/v1/payment_intents/${ID}$`), (m, p, _r, e) => (p.only("expand", "client_secret"), withExpand(store.intent(m[1]!), e))],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}$`), (m, p, _r, e) => withExpand(paymentIntents.updatePaymentIntent(store, m[1]!, p), e)],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}/confirm$`), (m, p, r, e) => orThrow(confirmation.confirmFromApi(store, m[1]!, p, r), e)],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}/capture$`), (m, p, r, e) => withExpand(paymentIntents.capture(store, m[1]!, p, r), e)],
    ["POST", new RegExp(`^/v1/payment_intents/${ID}/cancel$`), (m, p, r, e) => withExpand(paymentIntents.cancel(store, m[1]!, p, r), e)],
    ["POST", /^\/v1\/refunds$/, (_m, p, r, e) => withExpand(charges.createRefund(store, p, r), e)],
    ["GET", new RegExp(`^/v1/refunds/${ID}$`), (m, p, _r, e) => (p.only("expand"), withExpand(store.refund(m[1]!), e))],
    ["GET", new RegExp(`^/v1/charges/${ID}$`), (m, p, _r, e) => (p.only("expand"), withExpand(store.charge(m[1]!, "id"), e))],
    ["GET", /^\/v1\/events$/, (_m, p) => events.listEvents(store, p)],
    ["GET", new RegExp(`^/v1/events/${ID}$`), (m, p) => (p.only("expand"), store.event(m[1]!))],
  ];
}

/** The handler of every `/v1/…` request; `changed` is told after each request that may have changed the state. */
export function createApi(opts: { store: EmulatorStore; secretKey: string; changed: () => void }) {
  const { store } = opts;
  const table = routes(store);
  return async function api(req: Request, url: URL): Promise<Response> {
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
    if (key !== opts.secretKey) {
      const shown = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(Math.max(4, key.length - 12))}${key.slice(-4)}` : "****";
      return respond(401, JSON.stringify({ error: { type: "invalid_request_error", code: "api_key_invalid", message: `Invalid API Key provided: ${shown}` } }));
    }

    const route = table.find(([method, re]) => method === req.method && re.test(url.pathname));
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

    const idemKey = idempotencyKey ? `${opts.secretKey}:${idempotencyKey}` : null;
    const print = fingerprint(req.method, url.pathname, pairs);
    if (idemKey) {
      const saved = store.idempotency.get(idemKey);
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
      const expandPaths = params.strArray("expand");
      const m = route[1].exec(url.pathname)!;
      body = JSON.stringify(route[2](m, params, request, expandPaths), null, 2);
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
    if (req.method !== "GET") opts.changed();
    if (idemKey && save) store.idempotency.set(idemKey, { fingerprint: print, status, body, createdAt: store.seconds() });
    return respond(status, body);
  };
}
