import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type Stripe from "stripe";
import { noSuch, StripeApiError } from "./validation";

/**
 * The state of the local Stripe emulator: every object it made (connected accounts, account links,
 * payment intents, charges, refunds, payment methods, events, saved idempotent answers), the clock
 * and the emulator's own address, and the JSON file it survives restarts in. The resource modules
 * (accounts.ts, payment-intents.ts, confirmation.ts, charges.ts, events.ts) change it; every object is
 * kept as the SDK's own type (`Stripe.Account`, `Stripe.PaymentIntent`, ...), so a field Stripe adds
 * or renames in a new SDK version is a type error here rather than a silent drift.
 */

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const randomId = (prefix: string, length = 24) =>
  prefix + Array.from(randomBytes(length), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");

/** The API request behind a change (events carry it), or none for the hosted pages and test controls. */
export type RequestRef = Stripe.Event.Request;
export const NO_REQUEST: RequestRef = { id: null, idempotency_key: null };

export type AccountLinkRecord = {
  token: string;
  account: string;
  type: string;
  refreshUrl: string;
  returnUrl: string;
  created: number;
  expiresAt: number;
  /** account links are single-use: once the hosted page was submitted, the link sends to refresh_url */
  used: boolean;
};

export type IdempotencyRecord = { fingerprint: string; status: number; body: string; createdAt: number };

export type EmulatorSnapshot = {
  version: 1;
  accounts: Stripe.Account[];
  deletedAccounts: string[];
  links: AccountLinkRecord[];
  intents: Stripe.PaymentIntent[];
  charges: Stripe.Charge[];
  refunds: Stripe.Refund[];
  paymentMethods: [string, string][];
  events: Stripe.Event[];
  idempotency: [string, IdempotencyRecord][];
};

/** Kept events and idempotency keys (Stripe keeps keys 24 h and events 30 days; a local emulator needs less). */
export const MAX_EVENTS = 5000;
const PERSISTED_EVENTS = 1000;
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export type StoreOptions = {
  now: () => number;
  origin: () => string;
  /** endpoints an event will be sent to (its `pending_webhooks`) */
  pendingWebhooks: () => number;
  onEvent: (event: Stripe.Event) => void;
};

export class EmulatorStore {
  readonly accounts = new Map<string, Stripe.Account>();
  readonly deletedAccounts = new Set<string>();
  readonly links = new Map<string, AccountLinkRecord>();
  readonly intents = new Map<string, Stripe.PaymentIntent>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  /**
   * Application fee given back by refunds with `refund_application_fee` (Stripe's ApplicationFee
   * `amount_refunded`, in proportion to the refunded amount), per charge; kept in memory only.
   */
  readonly applicationFeeRefunded = new Map<string, number>();
  /** PaymentMethods the emulator created (payment method id -> type) */
  readonly paymentMethods = new Map<string, string>();
  readonly events: Stripe.Event[] = [];
  readonly idempotency = new Map<string, IdempotencyRecord>();

  constructor(readonly opts: StoreOptions) {}

  seconds() {
    return Math.floor(this.opts.now() / 1000);
  }

  /** the emulator's address, for the hosted pages' links */
  origin() {
    return this.opts.origin();
  }

  account(id: string): Stripe.Account {
    const a = this.accounts.get(id);
    // Stripe answers an unknown or deleted connected account with a permission error (403).
    if (!a) {
      throw new StripeApiError(403, {
        type: "invalid_request_error",
        code: "account_invalid",
        message: `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
    return a;
  }

  intent(id: string, param = "intent"): Stripe.PaymentIntent {
    const pi = this.intents.get(id);
    if (!pi) throw noSuch("payment_intent", id, param);
    return pi;
  }

  charge(id: string, param = "charge"): Stripe.Charge {
    const c = this.charges.get(id);
    if (!c) throw noSuch("charge", id, param);
    return c;
  }

  refund(id: string): Stripe.Refund {
    const r = this.refunds.get(id);
    if (!r) throw noSuch("refund", id, "refund");
    return r;
  }

  event(id: string): Stripe.Event {
    const e = this.events.find((x) => x.id === id);
    if (!e) throw noSuch("event", id);
    return e;
  }

  snapshot(): EmulatorSnapshot {
    const cutoff = this.seconds() - IDEMPOTENCY_TTL_SECONDS;
    return {
      version: 1,
      accounts: [...this.accounts.values()],
      deletedAccounts: [...this.deletedAccounts],
      links: [...this.links.values()].filter((l) => l.expiresAt > this.seconds()),
      intents: [...this.intents.values()],
      charges: [...this.charges.values()],
      refunds: [...this.refunds.values()],
      paymentMethods: [...this.paymentMethods],
      events: this.events.slice(-PERSISTED_EVENTS),
      idempotency: [...this.idempotency].filter(([, r]) => r.createdAt > cutoff),
    };
  }

  restore(s: EmulatorSnapshot) {
    for (const a of s.accounts) this.accounts.set(a.id, a);
    for (const id of s.deletedAccounts) this.deletedAccounts.add(id);
    for (const l of s.links) this.links.set(l.token, l);
    for (const pi of s.intents) this.intents.set(pi.id, pi);
    for (const c of s.charges) this.charges.set(c.id, c);
    for (const r of s.refunds) this.refunds.set(r.id, r);
    for (const [id, type] of s.paymentMethods) this.paymentMethods.set(id, type);
    this.events.push(...s.events);
    for (const [k, r] of s.idempotency) this.idempotency.set(k, r);
  }
}

// ---------------------------------------------------------------------------------------------
// The state file (offline default): keys and state survive restarts

export type EmulatorKeys = { secretKey: string; publishableKey: string; webhookSecret: string };
export type PersistedFile = EmulatorSnapshot & { keys: EmulatorKeys };

export function readStateFile(stateFile: string | undefined): PersistedFile | null {
  return stateFile && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, "utf8")) as PersistedFile) : null;
}

/**
 * Saves the state to `stateFile` (none: memory only): `changed()` after every change schedules a
 * save (debounced), `flush()` writes at once (on close). Written to a temp file and renamed, so a
 * crash never leaves half a file.
 */
export function stateWriter(stateFile: string | undefined, contents: () => PersistedFile) {
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    if (!stateFile) return;
    mkdirSync(dirname(stateFile), { recursive: true });
    const tmp = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(contents()));
    renameSync(tmp, stateFile);
  };
  const changed = () => {
    if (!stateFile || saveTimer) return;
    saveTimer = setTimeout(flush, 100);
  };
  return { changed, flush };
}
