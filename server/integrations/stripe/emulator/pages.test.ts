import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Stripe from "stripe";
import { createStripeClient } from "../client";
import { startStripeEmulator, type StripeEmulator } from "./index";

// The hosted pages as a browser uses them: plain GETs and form POSTs, following Stripe's redirects
// by hand so each Location is checked.

let clock = Date.now();
let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  emulator = await startStripeEmulator({ now: () => clock });
  stripe = createStripeClient(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: "http" });
});
afterAll(() => emulator.close());

const APP = "http://localhost:5173";
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: "manual", headers });
const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
/** The form's action, resolved like a browser does. */
const actionOf = (page: string, base: string) => new URL(/<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, "&"), base).toString();
const hidden = (page: string) => Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]));

async function newAccount() {
  return stripe.accounts.create({ type: "express", email: "orga@example.com", capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
}
async function newLink(accountId: string) {
  return stripe.accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    refresh_url: `${APP}/payments-onboarding?stripe-refresh`,
    return_url: `${APP}/payments-onboarding?stripe-return`,
  });
}

describe("onboarding page", () => {
  test("German by default, English by ?locale or Accept-Language; small-screen ready", async () => {
    const account = await newAccount();
    const link = await newLink(account.id);
    const de = await get(link.url);
    expect(de.status).toBe(200);
    expect(de.headers.get("content-type")).toStartWith("text/html");
    const page = await de.text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(page).toContain("Auszahlungskonto einrichten");
    expect(page).toContain("Einrichtung abschließen");
    expect(page).toContain("Unvollständig lassen");
    expect(page).toContain(account.id);
    const en = await (await get(`${link.url}?locale=en`)).text();
    expect(en).toContain("Set up your payout account");
    expect(en).toContain("Leave incomplete");
    expect(await (await get(link.url, { "accept-language": "en-GB,en;q=0.9" })).text()).toContain("Complete setup");
  });

  test("complete: charges and payouts enabled, business type from the page, account.updated, back to return_url; the link is then used up", async () => {
    const account = await newAccount();
    const link = await newLink(account.id);
    const page = await (await get(link.url)).text();
    const before = emulator.events.length;
    const res = await post(actionOf(page, link.url), { ...hidden(page), business_type: "company", outcome: "complete" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${APP}/payments-onboarding?stripe-return`);
    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, business_type: "company" });
    expect(emulator.events.slice(before).map((e) => e.type)).toEqual(["account.updated"]);
    // single use: the same link now sends to refresh_url (the app asks for a new link)
    const again = await get(link.url);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${APP}/payments-onboarding?stripe-refresh`);
    expect((await post(link.url, { outcome: "complete" })).headers.get("location")).toBe(`${APP}/payments-onboarding?stripe-refresh`);
  });

  test("leave incomplete: details submitted, charges disabled, requirements currently due", async () => {
    const account = await newAccount();
    const link = await newLink(account.id);
    const res = await post(link.url, { business_type: "individual", outcome: "incomplete", locale: "de" });
    expect(res.headers.get("location")).toBe(`${APP}/payments-onboarding?stripe-return`);
    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ details_submitted: true, charges_enabled: false, payouts_enabled: false, business_type: "individual" });
    expect(after.requirements?.currently_due?.length).toBeGreaterThan(0);
  });

  test("an expired link redirects to refresh_url; an unknown one is a 404 page", async () => {
    const account = await newAccount();
    const link = await newLink(account.id);
    clock += 301_000;
    try {
      const res = await get(link.url);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`${APP}/payments-onboarding?stripe-refresh`);
      expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
    } finally {
      clock -= 301_000;
    }
    const unknown = await get(`${emulator.url}/connect/onboarding/doesnotexist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Dieser Link ist ungültig.");
  });
});

describe("checkout page", () => {
  async function intent(capture: "manual" | "automatic", types: string[] = ["card", "paypal", "klarna"]) {
    const account = await newAccount();
    emulator.completeOnboarding(account.id);
    return stripe.paymentIntents.create({
      amount: 1250,
      currency: "eur",
      capture_method: capture,
      application_fee_amount: 114,
      transfer_data: { destination: account.id },
      allowed_payment_method_types: types,
      description: "Kickrunde Mitte, Mi 19:00",
    });
  }
  const returnUrl = `${APP}/game/7?paid`;
  const checkout = (pi: Stripe.PaymentIntent, locale?: "de" | "en") => emulator.checkoutUrl(pi, returnUrl, locale);
  const back = (res: Response) => {
    expect(res.status).toBe(303);
    const u = new URL(res.headers.get("location")!);
    return { u, params: Object.fromEntries(u.searchParams) };
  };

  test("shows the amount, the payment methods and the outcomes; refuses a wrong client secret", async () => {
    const pi = await intent("manual");
    const page = await (await get(checkout(pi))).text();
    expect(page).toContain("12,50\u00a0€");
    expect(page).toContain("Kickrunde Mitte, Mi 19:00");
    expect(page).toContain("Der Betrag wird jetzt nur vorgemerkt und später eingezogen.");
    for (const label of ["Karte", "PayPal", "Klarna", "Erfolgreich bezahlen", "Zahlung ablehnen lassen", "Mit Authentifizierung (3-D Secure)"]) expect(page).toContain(label);
    const en = await (await get(checkout(pi, "en"))).text();
    expect(en).toContain("€12.50");
    expect(en).toContain("Pay successfully");
    const wrong = await get(`${emulator.url}/checkout/${pi.id}?client_secret=${pi.id}_secret_nope&return_url=${encodeURIComponent(returnUrl)}`);
    expect(wrong.status).toBe(400);
    const noReturn = await get(`${emulator.url}/checkout/${pi.id}?client_secret=${pi.client_secret}`);
    expect(noReturn.status).toBe(400);
  });

  test("manual capture, success: redirect_status=succeeded with the intent in requires_capture", async () => {
    const pi = await intent("manual");
    const page = await (await get(checkout(pi))).text();
    const res = await post(actionOf(page, checkout(pi)), { ...hidden(page), payment_method_type: "card", outcome: "success" });
    const { u, params } = back(res);
    expect(u.origin + u.pathname).toBe(`${APP}/game/7`);
    expect(params).toEqual({ paid: "", payment_intent: pi.id, payment_intent_client_secret: pi.client_secret!, redirect_status: "succeeded" });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe("requires_capture");
    // a paid intent's checkout page says so and links back
    const done = await get(checkout(pi));
    expect(done.status).toBe(409);
    expect(await done.text()).toContain("Diese Zahlung ist bereits abgeschlossen.");
  });

  test("automatic capture, success: succeeded", async () => {
    const pi = await intent("automatic");
    const res = await post(`${emulator.url}/checkout/${pi.id}`, { client_secret: pi.client_secret!, return_url: returnUrl, payment_method_type: "card", outcome: "success" });
    expect(back(res).params.redirect_status).toBe("succeeded");
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe("succeeded");
  });

  test("decline: redirect_status=failed, the intent back at requires_payment_method", async () => {
    const pi = await intent("manual");
    const res = await post(`${emulator.url}/checkout/${pi.id}`, { client_secret: pi.client_secret!, return_url: returnUrl, payment_method_type: "card", outcome: "decline" });
    expect(back(res).params.redirect_status).toBe("failed");
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.last_payment_error?.code).toBe("card_declined");
    // the customer can try again on the same page
    expect((await get(checkout(pi))).status).toBe(200);
  });

  test("authentication: a second step to authorise or fail", async () => {
    const pi = await intent("manual");
    const res = await post(`${emulator.url}/checkout/${pi.id}`, { client_secret: pi.client_secret!, return_url: returnUrl, payment_method_type: "card", outcome: "authentication" });
    expect(res.status).toBe(303);
    const stepUrl = new URL(res.headers.get("location")!, emulator.url).toString();
    expect(stepUrl).toContain(`/checkout/${pi.id}/authenticate?`);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe("requires_action");
    // reopening the checkout page goes to the pending step
    expect((await get(checkout(pi))).headers.get("location")).toContain("/authenticate?");
    const step = await (await get(stepUrl)).text();
    expect(step).toContain("Testauthentifizierung (3-D Secure) für 12,50\u00a0€.");
    const done = await post(actionOf(step, stepUrl), { ...hidden(step), result: "authorise" });
    expect(back(done).params).toMatchObject({ payment_intent: pi.id, redirect_status: "succeeded" });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe("requires_capture");

    const other = await intent("automatic");
    const r2 = await post(`${emulator.url}/checkout/${other.id}`, { client_secret: other.client_secret!, return_url: returnUrl, payment_method_type: "card", outcome: "authentication" });
    const step2 = new URL(r2.headers.get("location")!, emulator.url).toString();
    const failed = await post(step2.split("?")[0]!, { client_secret: other.client_secret!, return_url: returnUrl, result: "fail" });
    expect(back(failed).params.redirect_status).toBe("failed");
    expect((await stripe.paymentIntents.retrieve(other.id)).last_payment_error?.code).toBe("payment_intent_authentication_failure");
  });

  test("PayPal goes through the provider's step; a method the intent does not allow is refused", async () => {
    const pi = await intent("manual", ["card", "paypal"]);
    const res = await post(`${emulator.url}/checkout/${pi.id}`, { client_secret: pi.client_secret!, return_url: returnUrl, payment_method_type: "paypal", outcome: "success", locale: "en" });
    const stepUrl = new URL(res.headers.get("location")!, emulator.url).toString();
    const step = await (await get(stepUrl)).text();
    expect(step).toContain("Test authorisation at PayPal for €12.50.");
    const done = await post(stepUrl.split("?")[0]!, { client_secret: pi.client_secret!, return_url: returnUrl, result: "authorise" });
    expect(back(done).params.redirect_status).toBe("succeeded");
    const charge = await stripe.charges.retrieve(String((await stripe.paymentIntents.retrieve(pi.id)).latest_charge));
    expect(charge.payment_method_details?.type).toBe("paypal");

    const cardOnly = await intent("manual", ["card"]);
    const refused = await post(`${emulator.url}/checkout/${cardOnly.id}`, { client_secret: cardOnly.client_secret!, return_url: returnUrl, payment_method_type: "klarna", outcome: "success" });
    expect(refused.status).toBe(400);
  });

  test("every page confirm emits the events the API would", async () => {
    const pi = await intent("automatic");
    const before = emulator.events.length;
    await post(`${emulator.url}/checkout/${pi.id}`, { client_secret: pi.client_secret!, return_url: returnUrl, payment_method_type: "card", outcome: "success" });
    const events = emulator.events.slice(before);
    expect(events.map((e) => e.type)).toEqual(["charge.succeeded", "payment_intent.succeeded"]);
    expect(events.every((e) => e.request?.id === null)).toBe(true);
  });
});

describe("state file", () => {
  test("keys, accounts and intents survive a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kr-stripe-"));
    try {
      const stateFile = join(dir, "stripe-emulator.json");
      const first = await startStripeEmulator({ stateFile });
      const s1 = createStripeClient(first.secretKey, { host: first.host, port: first.port, protocol: "http" });
      const account = await s1.accounts.create({ type: "express", capabilities: { transfers: { requested: true } } });
      first.completeOnboarding(account.id);
      const pi = await s1.paymentIntents.create({ amount: 990, currency: "eur", transfer_data: { destination: account.id } }, { idempotencyKey: "kickrunde:test:1" });
      await first.close();

      const second = await startStripeEmulator({ stateFile });
      expect([second.secretKey, second.webhookSecret]).toEqual([first.secretKey, first.webhookSecret]);
      const s2 = createStripeClient(second.secretKey, { host: second.host, port: second.port, protocol: "http" });
      expect((await s2.accounts.retrieve(account.id)).charges_enabled).toBe(true);
      expect((await s2.paymentIntents.retrieve(pi.id)).amount).toBe(990);
      expect((await s2.paymentIntents.create({ amount: 990, currency: "eur", transfer_data: { destination: account.id } }, { idempotencyKey: "kickrunde:test:1" })).id).toBe(pi.id);
      expect(second.events.map((e) => e.type)).toContain("payment_intent.created");
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
