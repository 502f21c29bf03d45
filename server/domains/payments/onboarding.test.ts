import { beforeAll, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import type { Deps } from "../../context";
import { addresses } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testDeps } from "../../testing/test-db";
import { findUser, setPaymentAccount } from "../users/service";
import { applyAccountState, onboardingError } from "./connected-accounts";
import { myAccountWithPaymentDetails } from "./onboarding";

/**
 * The payment onboarding (spec 001 sections 2.9, 5, 7, 8) through tRPC on the run's Stripe emulator:
 * who may start, the connected account made once, the check after the return, the restart.
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const emulator = () => deps.payments!.emulator!;
const stripe = () => deps.payments!.stripe;
const BERLIN = { line1: "Torstraße 12", town: "Berlin", postalCode: "10119", country: "DE" };

async function signedInCtx(user: { email: string }, over: Partial<Deps> = {}) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return callerFor({ ...deps, ...over }, { token: a.cookies.token });
}
const signedIn = async (user: { email: string }, over: Partial<Deps> = {}) => (await signedInCtx(user, over)).caller;

/** An organiser with everything onboarding needs (verified e-mail, names, birth date, address). */
async function readyOrganiser() {
  const user = await createUser(deps, { emailVerifiedAt: new Date(), firstName: "Jonas", lastName: "Weber", dateOfBirth: "1992-09-03" });
  const caller = await signedIn(user);
  await caller.addresses.createOrUpdate(BERLIN);
  return { user, caller };
}

const storedAccountId = async (userId: number) => (await findUser(deps.db, userId))!.stripeAccountId;
const linkToken = (url: string) => /\/connect\/onboarding\/([A-Za-z0-9]+)$/.exec(url)?.[1];

describe("createAccountLink: who may start", () => {
  test("visitors are refused every onboarding call", async () => {
    const { caller } = await callerFor(deps);
    expect(await errorData(caller.payments.createAccountLink())).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(caller.payments.refreshAccount())).toEqual({ code: "UNAUTHENTICATED" });
    expect(await errorData(caller.payments.resetAccount())).toEqual({ code: "UNAUTHENTICATED" });
  });

  test("an unverified e-mail comes first, then the missing details in the screen's order", async () => {
    const unverified = await createUser(deps, { lastName: "Weber", dateOfBirth: "1992-09-03" });
    expect(await errorData((await signedIn(unverified)).payments.createAccountLink())).toEqual({ code: "EMAIL_NOT_VERIFIED" });

    const bare = await createUser(deps, { emailVerifiedAt: new Date() });
    const caller = await signedIn(bare);
    expect(await errorData(caller.payments.createAccountLink())).toEqual({
      code: "PAYMENT_DETAILS_MISSING",
      details: { missing: "lastName,dateOfBirth,address" },
    });
    await caller.addresses.createOrUpdate(BERLIN);
    expect(await errorData(caller.payments.createAccountLink())).toEqual({ code: "PAYMENT_DETAILS_MISSING", details: { missing: "lastName,dateOfBirth" } });
    expect(await storedAccountId(bare.id)).toBeNull();
  });

  test("a stored address whose postal code no longer passes is PAYMENT_POSTAL_CODE_INVALID, before anything reaches Stripe", async () => {
    const user = await createUser(deps, { emailVerifiedAt: new Date(), lastName: "Weber", dateOfBirth: "1992-09-03" });
    await deps.db.insert(addresses).values({ userId: user.id, line1: "Torstraße 12", postalCode: "1011", town: "Berlin", country: "DE" });
    const before = emulator().events.length;
    expect(await errorData((await signedIn(user)).payments.createAccountLink())).toEqual({ code: "PAYMENT_POSTAL_CODE_INVALID" });
    expect(await storedAccountId(user.id)).toBeNull();
    expect(emulator().events.length).toBe(before);
  });

  test("without a payment provider every onboarding call answers PAYMENTS_UNAVAILABLE", async () => {
    const { user } = await readyOrganiser();
    const caller = await signedIn(user, { payments: null });
    expect(await errorData(caller.payments.createAccountLink())).toEqual({ code: "PAYMENTS_UNAVAILABLE" });
    expect(await errorData(caller.payments.refreshAccount())).toEqual({ code: "PAYMENTS_UNAVAILABLE" });
    expect(await errorData(caller.payments.resetAccount())).toEqual({ code: "PAYMENTS_UNAVAILABLE" });
  });
});

describe("createAccountLink: the connected account and its link", () => {
  test("the first call creates an Express account in DE for the user's e-mail; later calls only make new links", async () => {
    const { user, caller } = await readyOrganiser();
    const first = await caller.payments.createAccountLink();
    expect(first.url).toStartWith(`${emulator().url}/connect/onboarding/`);
    const accountId = await storedAccountId(user.id);
    expect(accountId).toStartWith("acct_");
    const account = await stripe().accounts.retrieve(accountId!);
    expect(account).toMatchObject({
      country: "DE",
      email: user.email,
      capabilities: { card_payments: "inactive", transfers: "inactive" },
      controller: { stripe_dashboard: { type: "express" } },
      metadata: { userId: String(user.id) },
      details_submitted: false,
    });
    expect((await caller.users.myAccount())).toMatchObject({ hasPaymentAccount: true, paymentOnboardingCompleted: false, paymentChargesEnabled: false });

    const second = await caller.payments.createAccountLink();
    expect(linkToken(second.url)).not.toBe(linkToken(first.url));
    expect(await storedAccountId(user.id)).toBe(accountId);
  });

  test("the link returns to /payments-onboarding?stripe-return, and an expired or used one to ?stripe-refresh", async () => {
    const { caller } = await readyOrganiser();
    const { url } = await caller.payments.createAccountLink();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    await page.text();
    const done = await fetch(url, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "outcome=complete" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${deps.config.publicUrl}/payments-onboarding?stripe-return`);
    const again = await fetch(url, { redirect: "manual" });
    expect(again.headers.get("location")).toBe(`${deps.config.publicUrl}/payments-onboarding?stripe-refresh`);
  });

  test("two taps at once store one account, the one Stripe made for both", async () => {
    const { user, caller } = await readyOrganiser();
    const [a, b] = await Promise.all([caller.payments.createAccountLink(), caller.payments.createAccountLink()]);
    expect(a.url).not.toBe(b.url);
    const accountId = await storedAccountId(user.id);
    const mine = (await stripe().accounts.list({ limit: 100 })).data.filter((acc) => acc.metadata?.userId === String(user.id));
    expect(mine.map((acc) => acc.id)).toEqual([accountId!]);
  });

  test("an account Stripe does not know is the spec's 'unexpected error' (logged), not a crash", async () => {
    const { user, caller } = await readyOrganiser();
    await setPaymentAccount(deps.db, user.id, { stripeAccountId: `acct_gone${user.id}` }, new Date());
    expect(await errorData(caller.payments.createAccountLink())).toEqual({ code: "PAYMENT_ONBOARDING_FAILED" });
    expect(await errorData(caller.payments.refreshAccount())).toEqual({ code: "PAYMENT_ACCOUNT_CHECK_FAILED" });
    // The wrapper's myAccount(updatePaymentDetails: true) still answers, with the stored state.
    const { ctx } = await signedInCtx(user);
    expect(await myAccountWithPaymentDetails(ctx, true)).toMatchObject({ id: user.id, hasPaymentAccount: true, paymentChargesEnabled: false });
  });

  test("Stripe's refusals: one naming a postal code asks to correct the address, others are unexpected", () => {
    const refusal = (param: string, message: string) => new Stripe.errors.StripeInvalidRequestError({ type: "invalid_request_error", param, message });
    expect(onboardingError(refusal("individual[address][postal_code]", "Invalid value")).code).toBe("PAYMENT_POSTAL_CODE_INVALID");
    expect(onboardingError(refusal("", "The postal code is not valid for DE")).code).toBe("PAYMENT_POSTAL_CODE_INVALID");
    expect(onboardingError(refusal("email", "Invalid email address")).code).toBe("PAYMENT_ONBOARDING_FAILED");
    expect(onboardingError(new Error("socket hang up")).code).toBe("PAYMENT_ONBOARDING_FAILED");
  });
});

describe("refreshAccount: the check after ?stripe-return", () => {
  test("completed: onboarding completed, charges and payouts enabled, the business type Stripe reports", async () => {
    const { user, caller } = await readyOrganiser();
    await caller.payments.createAccountLink();
    const accountId = (await storedAccountId(user.id))!;
    emulator().completeOnboarding(accountId, { businessType: "individual", outcome: "complete" });
    expect(await caller.payments.refreshAccount()).toMatchObject({
      id: user.id,
      hasPaymentAccount: true,
      paymentOnboardingCompleted: true,
      paymentChargesEnabled: true,
      paymentPayoutsEnabled: true,
      paymentBusinessType: "individual",
    });
  });

  test("left incomplete: completed but charges not enabled (the screen's fourth state)", async () => {
    const { user, caller } = await readyOrganiser();
    await caller.payments.createAccountLink();
    emulator().completeOnboarding((await storedAccountId(user.id))!, { businessType: "company", outcome: "incomplete" });
    expect(await caller.payments.refreshAccount()).toMatchObject({
      paymentOnboardingCompleted: true,
      paymentChargesEnabled: false,
      paymentPayoutsEnabled: false,
      paymentBusinessType: "company",
    });
  });

  test("without an account there is nothing to check", async () => {
    const { caller } = await readyOrganiser();
    expect(await caller.payments.refreshAccount()).toMatchObject({ hasPaymentAccount: false, paymentOnboardingCompleted: false });
  });
});

describe("applyAccountState (account.updated)", () => {
  test("the account of the emulator's account.updated event is copied onto its user; unknown accounts change nothing", async () => {
    const { user, caller } = await readyOrganiser();
    await caller.payments.createAccountLink();
    const accountId = (await storedAccountId(user.id))!;
    emulator().completeOnboarding(accountId, { outcome: "complete" });
    const event = emulator().events.findLast((e) => e.type === "account.updated" && (e.data.object as Stripe.Account).id === accountId)!;
    await deps.db.transaction((tx) => applyAccountState(tx, event.data.object as Stripe.Account, new Date()));
    expect(await caller.users.myAccount()).toMatchObject({ paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true });

    const stranger = { ...(event.data.object as Stripe.Account), id: "acct_nobodys0000001", charges_enabled: false };
    await deps.db.transaction((tx) => applyAccountState(tx, stranger, new Date()));
    expect(await caller.users.myAccount()).toMatchObject({ paymentChargesEnabled: true });
  });
});

describe("resetAccount: the restart", () => {
  test("an incomplete account is forgotten and deleted at Stripe; the next start makes a new one", async () => {
    const { user, caller } = await readyOrganiser();
    await caller.payments.createAccountLink();
    const old = (await storedAccountId(user.id))!;
    emulator().completeOnboarding(old, { businessType: "company", outcome: "incomplete" });
    await caller.payments.refreshAccount();

    expect(await caller.payments.resetAccount()).toMatchObject({
      hasPaymentAccount: false,
      paymentOnboardingCompleted: false,
      paymentChargesEnabled: false,
      paymentPayoutsEnabled: false,
      paymentBusinessType: null,
    });
    // Stripe answers a deleted account as one the platform has no access to.
    const gone = await stripe().accounts.retrieve(old).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect((gone as Stripe.errors.StripeError).code).toBe("account_invalid");

    await caller.payments.createAccountLink();
    const fresh = await storedAccountId(user.id);
    expect(fresh).toStartWith("acct_");
    expect(fresh).not.toBe(old);
    // The old account's late events belong to nobody now.
    await deps.db.transaction((tx) => applyAccountState(tx, { id: old, object: "account", details_submitted: true, charges_enabled: true } as Stripe.Account, new Date()));
    expect(await caller.users.myAccount()).toMatchObject({ hasPaymentAccount: true, paymentChargesEnabled: false });
  });

  test("an account that can take charges is kept at Stripe (payments made to it still pay out); without an account nothing happens", async () => {
    const { user, caller } = await readyOrganiser();
    expect(await caller.payments.resetAccount()).toMatchObject({ hasPaymentAccount: false });
    await caller.payments.createAccountLink();
    const old = (await storedAccountId(user.id))!;
    emulator().completeOnboarding(old, { outcome: "complete" });
    await caller.payments.resetAccount();
    expect(await storedAccountId(user.id)).toBeNull();
    expect((await stripe().accounts.retrieve(old)).charges_enabled).toBe(true);
  });
});
