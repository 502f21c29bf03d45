import Stripe from "stripe";
import { MAX_EVENTS, randomId, type EmulatorStore, type RequestRef } from "./store";
import { page, type Params } from "./validation";

/**
 * The event log of the local Stripe emulator: each change of an object records a `Stripe.Event`
 * (with the object as it is now and, for updates, its previous attributes) and hands it to the
 * webhook sender (webhooks.ts); `/v1/events` lists and retrieves them.
 */

export type EventOf<T extends Stripe.Event["type"]> = Extract<Stripe.Event, { type: T }>;

export function emit<T extends Stripe.Event["type"]>(
  store: EmulatorStore,
  type: T,
  object: EventOf<T>["data"]["object"],
  request: RequestRef,
  extra: { previous?: EventOf<T>["data"]["previous_attributes"]; account?: string } = {},
): void {
  const base: Stripe.EventBase = {
    id: randomId("evt_"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: store.seconds(),
    data: { object: structuredClone(object), ...(extra.previous ? { previous_attributes: structuredClone(extra.previous) } : {}) },
    livemode: false,
    pending_webhooks: store.opts.pendingWebhooks(),
    request,
    type,
    ...(extra.account ? { account: extra.account } : {}),
  };
  const event = base as EventOf<T>;
  store.events.push(event);
  if (store.events.length > MAX_EVENTS) store.events.splice(0, store.events.length - MAX_EVENTS);
  store.opts.onEvent(event);
}

/** GET /v1/events: newest first, filtered by `type` (a trailing `*` matches a prefix) and `types`. */
export function listEvents(store: EmulatorStore, p: Params): Stripe.ApiList<Stripe.Event> {
  p.only("limit", "starting_after", "ending_before", "type", "types");
  const type = p.str("type");
  const types = p.strArray("types");
  const matches = (t: string) => (!type || (type.endsWith("*") ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
  return page([...store.events].reverse().filter((e) => matches(e.type)), p, "/v1/events");
}
