import type Stripe from "stripe";

/**
 * Request parameters and errors of the local Stripe emulator (api.ts), as Stripe's REST API
 * has them: form-encoded bodies with nested keys exactly as the official SDK writes them
 * (`metadata[key]=v`, `transfer_data[destination]=acct_…`, `payment_method_types[0]=card`, the older
 * `expand[]=…`), and errors as `{ error: { type, code, message, param } }` with the HTTP status the
 * SDK turns into its error classes (400/404 StripeInvalidRequestError or StripeIdempotencyError,
 * 401 StripeAuthenticationError, 402 StripeCardError, 403 StripePermissionError).
 */

export type StripeErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

export type StripeErrorBody = {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  [extra: string]: unknown;
};

/** An error answer of the emulator's API. */
export class StripeApiError extends Error {
  override name = "StripeApiError";
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /**
     * Stripe saves the result of an idempotent request only once its endpoint began executing:
     * failed parameter validation is not saved (a retry with the same key runs again), a refused
     * state change or a card decline is (a retry gets the same answer).
     */
    readonly executed = false,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;

export function invalidRequest(message: string, opts: { param?: string; code?: string; status?: number; executed?: boolean } = {}): StripeApiError {
  return new StripeApiError(
    opts.status ?? 400,
    {
      type: "invalid_request_error",
      message,
      ...(opts.code ? { code: opts.code, doc_url: docUrl(opts.code) } : {}),
      ...(opts.param ? { param: opts.param } : {}),
    },
    opts.executed ?? false,
  );
}

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, { param, code: "parameter_missing" });

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, { param, code: "parameter_unknown" });

/** 404 for an object of ours that does not exist (`No such payment_intent: 'pi_…'`). */
export const noSuch = (kind: string, id: string, param = "id") =>
  invalidRequest(`No such ${kind}: '${id}'`, { param, code: "resource_missing", status: 404 });

/** A state change the object's status does not allow; saved for idempotent replays like Stripe does. */
export const unexpectedState = (message: string) =>
  invalidRequest(message, { code: "payment_intent_unexpected_state", executed: true });

// ---------------------------------------------------------------------------------------------
// Form decoding

export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/**
 * Decodes `a[b][0]=x&a[c][]=y` into nested objects and arrays. Numeric and empty segments make
 * arrays, except under `metadata`, whose keys are free text.
 */
export function decodeForm(pairs: Iterable<[string, string]>): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of pairs) {
    const m = KEY.exec(rawKey);
    if (!m) throw invalidRequest(`Invalid parameter name: ${rawKey}`, { param: rawKey });
    const segments = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((s) => s[1]!)];
    let container: FormObject | FormValue[] = root;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      const last = i === segments.length - 1;
      const underMetadata = segments.slice(0, i + 1).includes("metadata");
      const nextIsArray = !last && !underMetadata && /^\d*$/.test(segments[i + 1]!);
      const fresh = (): FormObject | FormValue[] => (nextIsArray ? [] : {});
      if (Array.isArray(container)) {
        if (!/^\d*$/.test(seg)) throw invalidRequest(`Invalid array: ${segments.slice(0, i).join(".")}`, { param: rawKey });
        const index = seg === "" ? container.length : Number(seg);
        if (last) {
          container[index] = value;
        } else {
          const existing: FormValue | undefined = container[index];
          if (existing === undefined) container[index] = fresh();
          else if (typeof existing === "string") throw invalidRequest(`Invalid object: ${rawKey}`, { param: rawKey });
          container = container[index] as FormObject | FormValue[];
        }
      } else {
        if (last) {
          if (container[seg] !== undefined && typeof container[seg] !== "string") throw invalidRequest(`Invalid parameter: ${rawKey}`, { param: rawKey });
          container[seg] = value;
        } else {
          const existing: FormValue | undefined = container[seg];
          if (existing === undefined || existing === "") container[seg] = fresh();
          else if (typeof existing === "string") throw invalidRequest(`Invalid object: ${rawKey}`, { param: rawKey });
          container = container[seg] as FormObject | FormValue[];
        }
      }
    }
  }
  return compactArrays(root) as FormObject;
}

function compactArrays(v: FormValue): FormValue {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compactArrays);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, compactArrays(x)]));
}

/** A stable fingerprint of a request's parameters, to compare an idempotent retry with the original. */
export function fingerprint(method: string, path: string, pairs: Iterable<[string, string]>): string {
  return JSON.stringify([method, path, [...pairs].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))]);
}

// ---------------------------------------------------------------------------------------------
// Reading parameters

/** Typed reads of one (possibly nested) parameter object, with Stripe's error messages. */
export class Params {
  constructor(
    private readonly form: FormObject,
    private readonly prefix = "",
  ) {}

  private name(key: string) {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** Refuses any parameter not listed (Stripe: "Received unknown parameter"). */
  only(...keys: string[]): this {
    for (const k of Object.keys(this.form)) if (!keys.includes(k)) throw unknownParam(this.name(k));
    return this;
  }

  has(key: string): boolean {
    return this.form[key] !== undefined;
  }

  /** A text parameter; an empty value counts as given-but-empty (Stripe's way of unsetting). */
  str(key: string): string | undefined {
    const v = this.form[key];
    if (v === undefined) return undefined;
    if (typeof v !== "string") throw invalidRequest(`Invalid string: ${this.name(key)}`, { param: this.name(key) });
    return v;
  }

  requiredStr(key: string): string {
    const v = this.str(key);
    if (v === undefined || v === "") throw missingParam(this.name(key));
    return v;
  }

  int(key: string, opts: { min?: number } = {}): number | undefined {
    const v = this.str(key);
    if (v === undefined || v === "") return undefined;
    if (!/^-?\d+$/.test(v)) throw invalidRequest(`Invalid integer: ${v}`, { param: this.name(key), code: "parameter_invalid_integer" });
    const n = Number(v);
    if (!Number.isSafeInteger(n)) throw invalidRequest(`Invalid integer: ${v}`, { param: this.name(key), code: "parameter_invalid_integer" });
    if (opts.min !== undefined && n < opts.min) {
      throw invalidRequest(`This value must be greater than or equal to ${opts.min}.`, { param: this.name(key), code: "parameter_invalid_integer" });
    }
    return n;
  }

  requiredInt(key: string, opts: { min?: number } = {}): number {
    const n = this.int(key, opts);
    if (n === undefined) throw missingParam(this.name(key));
    return n;
  }

  bool(key: string): boolean | undefined {
    const v = this.str(key);
    if (v === undefined || v === "") return undefined;
    if (v !== "true" && v !== "false") throw invalidRequest(`Invalid boolean: ${v}`, { param: this.name(key) });
    return v === "true";
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const v = this.str(key);
    if (v === undefined || v === "") return undefined;
    if (!(values as readonly string[]).includes(v)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${values.join(", ")}`, { param: this.name(key) });
    }
    return v as T;
  }

  obj(key: string): Params | undefined {
    const v = this.form[key];
    if (v === undefined || v === "") return undefined;
    if (typeof v === "string" || Array.isArray(v)) throw invalidRequest(`Invalid object`, { param: this.name(key) });
    return new Params(v, this.name(key));
  }

  strArray(key: string): string[] | undefined {
    const v = this.form[key];
    if (v === undefined) return undefined;
    if (v === "") return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw invalidRequest(`Invalid array`, { param: this.name(key) });
    return v as string[];
  }

  /**
   * Metadata as Stripe reads it: undefined when not given, `null` when cleared (`metadata=`), else
   * the keys to set (an empty value deletes that key). At most 50 keys, keys up to 40 characters,
   * values up to 500.
   */
  metadata(key = "metadata"): Record<string, string> | null | undefined {
    const v = this.form[key];
    if (v === undefined) return undefined;
    if (v === "") return null;
    if (typeof v === "string" || Array.isArray(v)) throw invalidRequest("Invalid object", { param: this.name(key) });
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v)) {
      if (typeof x !== "string") throw invalidRequest(`Invalid string: ${this.name(key)}[${k}]`, { param: `${this.name(key)}[${k}]` });
      if (k.length > 40) throw invalidRequest(`Invalid metadata: metadata keys must be at most 40 characters long.`, { param: `${this.name(key)}[${k}]` });
      if (x.length > 500) throw invalidRequest(`Invalid metadata: metadata values must be at most 500 characters long.`, { param: `${this.name(key)}[${k}]` });
      out[k] = x;
    }
    if (Object.keys(out).length > 50) throw invalidRequest("Invalid metadata: metadata can have at most 50 keys.", { param: this.name(key) });
    return out;
  }
}

/** Applies a metadata parameter to existing metadata the way Stripe merges it. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | null | undefined): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === "") delete next[k];
    else next[k] = v;
  }
  return next;
}

export function isHttpUrl(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const u = new URL(s);
  return u.protocol === "http:" || u.protocol === "https:";
}

/** Stripe's cursor pagination over a list in its order (newest first). */
export function page<T extends { id?: string }>(items: T[], p: Params, url: string): Stripe.ApiList<T> {
  const limit = p.int("limit", { min: 1 }) ?? 10;
  if (limit > 100) throw invalidRequest("This value must be less than or equal to 100.", { param: "limit" });
  const after = p.str("starting_after");
  const before = p.str("ending_before");
  let start = 0;
  let end = items.length;
  if (after) {
    const i = items.findIndex((x) => x.id === after);
    if (i < 0) throw invalidRequest(`No such object: '${after}'`, { param: "starting_after", code: "resource_missing" });
    start = i + 1;
  }
  if (before) {
    const i = items.findIndex((x) => x.id === before);
    if (i < 0) throw invalidRequest(`No such object: '${before}'`, { param: "ending_before", code: "resource_missing" });
    end = i;
    start = Math.max(start, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return { object: "list", data, has_more: start + limit < end, url };
}
