import { createHmac } from "node:crypto";
import type Stripe from "stripe";

/**
 * Webhook delivery of the local Stripe emulator, the way Stripe does it: every event is POSTed as
 * JSON to the endpoint with a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the endpoint's signing secret>`), asynchronously, each event on its own
 * (so they may arrive out of order), and retried with growing pauses when the endpoint does not
 * answer 2xx. Each attempt is signed anew with its own timestamp.
 */

/** Stripe's signature header for a payload (what `stripe.webhooks.constructEventAsync` checks). */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}

/** Stripe sends events pretty-printed; the signature covers these exact bytes. */
export const webhookPayload = (event: Stripe.Event): string => JSON.stringify(event, null, 2);

export type WebhookDelivery = {
  eventId: string;
  type: Stripe.Event["type"];
  url: string;
  /** 1 for the first attempt */
  attempt: number;
  /** the endpoint's HTTP status, null when it could not be reached */
  status: number | null;
  ok: boolean;
  error: string | null;
  at: Date;
};

export type WebhookSenderOptions = {
  secret: () => string;
  now: () => number;
  /** pauses before the 2nd, 3rd, ... attempt; after the last one the event is given up */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  onGiveUp?: (delivery: WebhookDelivery) => void;
};

export type WebhookSender = ReturnType<typeof createWebhookSender>;

export function createWebhookSender(opts: WebhookSenderOptions) {
  let url: string | null = null;
  let paused = false;
  let closed = false;
  const held: Stripe.Event[] = [];
  const deliveries: WebhookDelivery[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let busy = 0;
  const idleWaiters = new Set<() => void>();

  const settle = () => {
    if (busy > 0) busy--;
    if (busy === 0) for (const w of [...idleWaiters]) w();
  };

  /** One POST of the event to `target`; records and returns the attempt. */
  async function post(event: Stripe.Event, target: string, attempt: number): Promise<WebhookDelivery> {
    const payload = webhookPayload(event);
    const header = signWebhookPayload(payload, opts.secret(), Math.floor(opts.now() / 1000));
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": header,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "cache-control": "no-cache",
        },
        body: payload,
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = (e as Error).message;
    }
    const delivery: WebhookDelivery = {
      eventId: event.id,
      type: event.type,
      url: target,
      attempt,
      status,
      ok: status !== null && status >= 200 && status < 300,
      error,
      at: new Date(opts.now()),
    };
    deliveries.push(delivery);
    if (deliveries.length > 5000) deliveries.splice(0, 1000);
    return delivery;
  }

  /** Delivers with retries; counted as busy until it succeeded or was given up. */
  function send(event: Stripe.Event, target: string, attempt = 1): void {
    busy++;
    void post(event, target, attempt).then((d) => {
      const pause = opts.retryDelaysMs[attempt - 1];
      if (!d.ok && pause !== undefined && !closed) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(event, target, attempt + 1);
          settle();
        }, pause);
        timers.add(timer);
        return;
      }
      if (!d.ok) opts.onGiveUp?.(d);
      settle();
    });
  }

  return {
    deliveries: deliveries as readonly WebhookDelivery[],
    /** Events created while deliveries were paused, in order. */
    held: held as readonly Stripe.Event[],
    get url() {
      return url;
    },
    get paused() {
      return paused;
    },
    setUrl(next: string | null) {
      url = next;
    },
    /** Queues an event for delivery (nothing happens without an endpoint URL). */
    enqueue(event: Stripe.Event) {
      if (!url || closed) return;
      if (paused) held.push(event);
      else send(event, url);
    },
    pause() {
      paused = true;
    },
    /** Resumes automatic delivery; held events are delivered now unless `deliverHeld` is false (then they are dropped). */
    resume(options: { deliverHeld?: boolean } = {}) {
      paused = false;
      const pending = held.splice(0);
      if (options.deliverHeld ?? true) for (const e of pending) if (url) send(e, url);
    },
    /** One immediate delivery attempt (no retries), e.g. a test redelivering an event. */
    deliverNow(event: Stripe.Event, target = url): Promise<WebhookDelivery> {
      if (!target) throw new Error("no webhook URL set");
      busy++;
      return post(event, target, 1).finally(settle);
    },
    /** Resolves once no delivery is running or waiting for its retry. */
    idle(timeoutMs = 10_000): Promise<void> {
      if (busy === 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          idleWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          idleWaiters.delete(done);
          reject(new Error(`webhook deliveries still running after ${timeoutMs} ms`));
        }, timeoutMs);
        idleWaiters.add(done);
      });
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      busy = 0;
      for (const w of [...idleWaiters]) w();
    },
  };
}
