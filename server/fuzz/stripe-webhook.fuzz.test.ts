import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { Deps } from "../context";
import { organiserWithAccount, webhookPoster } from "../testing/payment-fixtures";
import { startPayment } from "../domains/payments/service";
import { signWebhookPayload } from "../integrations/stripe/emulator/webhooks";
import { errorProblem, FUZZ_SEED, junkString, junkValue, preview, RUNS_PER_SCHEMA, runConcurrently } from "../testing/fuzz";
import { testDeps } from "../testing/test-db";

/**
 * POST /api/stripe/webhook under generated input (issue 12): junk bodies and signature headers, and
 * bodies signed with the endpoint's real secret whose events are bent (wrong types, missing or odd
 * fields, ids with NUL, huge numbers, the ids of real payments and accounts). The property: never a
 * 5xx; an unsigned or mis-signed request is 400 WEBHOOK_SIGNATURE_INVALID; every refusal a known code
 * with a short message. Replay a failure with FUZZ_SEED=<seed printed>.
 */

let deps: Deps;
let post: ReturnType<typeof webhookPoster>;
let real: { intentId: string; accountId: string };
beforeAll(async () => {
  deps = await testDeps();
  post = webhookPoster(deps);
  const organiser = await organiserWithAccount(deps);
  const started = await startPayment(deps, null, {
    purpose: "participation",
    subjectId: 5_000_000 + Math.floor(Math.random() * 1_000_000),
    payerUserId: null,
    destinationAccountId: organiser.accountId,
    amountCents: 1000,
    applicationFeeCents: 99,
    captureMethod: "manual",
    attempt: 1,
  });
  real = { intentId: started.intentId, accountId: organiser.accountId };
});

const secret = () => deps.payments!.webhookSecrets[0]!;
const now = () => Math.floor(Date.now() / 1000);

/** A header that looks like Stripe's or not. */
const signatureHeader = fc.oneof(
  junkString,
  fc.constant(""),
  fc.tuple(fc.integer({ min: 0, max: 2 ** 34 }), fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 0, maxLength: 70 })).map(([t, h]) => `t=${t},v1=${h}`),
  fc.tuple(junkString, junkString).map(([t, v]) => `t=${t},v1=${v},v0=${v}`),
);

const types = fc.constantFrom(
  "payment_intent.created",
  "payment_intent.succeeded",
  "payment_intent.canceled",
  "payment_intent.amount_capturable_updated",
  "payment_intent.payment_failed",
  "payment_intent.partially_funded",
  "charge.refunded",
  "account.updated",
  "customer.created",
);

/** An event-like object: real ids now and then, fields of the right or wrong kind, NULs, huge numbers. */
const bentEvent = fc
  .record({
    id: fc.oneof(fc.constant(`evt_${crypto.randomUUID().replaceAll("-", "")}`), junkString, fc.constant("evt_\u0000x")),
    type: fc.oneof({ weight: 4, arbitrary: types }, { weight: 1, arbitrary: junkString }),
    created: fc.oneof(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(-1, 1e20, 1.5, Number.MAX_SAFE_INTEGER), junkValue),
    object: fc.record(
      {
        id: fc.oneof(fc.constantFrom(() => real.intentId, () => real.accountId).map((f) => f()), fc.constant("ch_x1"), junkString),
        object: fc.constantFrom("payment_intent", "charge", "account", "balance", "x"),
        status: fc.oneof(fc.constantFrom("succeeded", "requires_capture", "canceled", "requires_payment_method", "unknown_status"), junkValue),
        amount: fc.oneof(fc.integer({ min: 0, max: 10_000 }), junkValue),
        amount_received: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.constant(2 ** 60), junkValue),
        amount_captured: fc.oneof(fc.integer({ min: 0, max: 10_000 }), junkValue),
        amount_refunded: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), junkValue),
        captured: fc.oneof(fc.boolean(), junkValue),
        payment_intent: fc.oneof(fc.constant(null), fc.constantFrom(() => real.intentId).map((f) => f()), junkValue),
        latest_charge: fc.oneof(fc.constant(null), fc.constant("ch_x1"), junkValue),
        details_submitted: fc.oneof(fc.boolean(), junkValue),
        charges_enabled: fc.oneof(fc.boolean(), junkValue),
        payouts_enabled: fc.oneof(fc.boolean(), junkValue),
        business_type: fc.oneof(fc.constantFrom("individual", "company", null, "sole_trader"), junkValue),
      },
      { requiredKeys: [] },
    ),
  })
  .map(({ id, type, created, object }) => ({ id, object: "event", type, created, data: { object }, livemode: false, api_version: "2026-10-28" }));

function isHeaderValue(value: string): boolean {
  try {
    new Headers({ "stripe-signature": value });
    return true;
  } catch {
    return false;
  }
}

type Sample = { kind: "unsigned" | "signed"; payload: string; signature: string | null };

const samples = fc.oneof(
  // junk body, junk header
  fc.record({ kind: fc.constant("unsigned" as const), payload: fc.oneof(junkString, fc.json(), bentEvent.map((e) => JSON.stringify(e))), signature: fc.option(signatureHeader) }),
  // a body signed with the real secret: the event inside is bent
  fc.oneof(bentEvent.map((e) => JSON.stringify(e, null, 2)), fc.json(), junkString).map((payload) => ({
    kind: "signed" as const,
    payload,
    signature: signWebhookPayload(payload, secret(), now()),
  })),
);

describe(`POST /api/stripe/webhook under generated input (FUZZ_SEED=${FUZZ_SEED})`, () => {
  test("never a 5xx; unsigned is 400 WEBHOOK_SIGNATURE_INVALID; every refusal a known code", async () => {
    const generated = fc.sample(samples, { numRuns: RUNS_PER_SCHEMA, seed: FUZZ_SEED }) as Sample[];
    const result = await runConcurrently(generated, 8, async (s) => {
      if (s.signature !== null && !isHeaderValue(s.signature)) return null; // no HTTP client can send it
      const { status, body } = await post(s.payload, s.signature);
      if (status >= 500) return `${status} for ${preview(s)}`;
      if (s.kind === "unsigned" && (status !== 400 || body.error?.code !== "WEBHOOK_SIGNATURE_INVALID")) return `unsigned answered ${status} ${body.error?.code} for ${preview(s)}`;
      if (status === 200) return body.received === true ? null : `200 without received for ${preview(s)}`;
      if (![400, 404, 413].includes(status)) return `status ${status} for ${preview(s)}`;
      const problem = errorProblem(body.error?.code, body.error?.message);
      return problem ? `${problem} for ${preview(s)}` : null;
    });
    expect({ seed: FUZZ_SEED, count: result.count, failures: result.failures.map((f) => f.problem) }).toEqual({ seed: FUZZ_SEED, count: 0, failures: [] });
  }, 120_000);
});
