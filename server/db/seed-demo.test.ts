import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { setPaymentAccount } from "../domains/users/service";
import { createUser } from "../testing/factories";
import { testDeps } from "../testing/test-db";
import { DEMO_ORGA_STRIPE_ACCOUNT_ID, registerDemoAccounts } from "./seed-demo";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

describe("the demo organiser's connected account on the emulator", () => {
  test("is created under the demo id, onboarded, and readable through the SDK; a second start changes nothing", async () => {
    const orga = await createUser(deps);
    await deps.db.transaction((tx) =>
      setPaymentAccount(tx, orga.id, { stripeAccountId: DEMO_ORGA_STRIPE_ACCOUNT_ID, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true, paymentBusinessType: "individual" }, deps.clock.now()),
    );
    const emulator = deps.payments!.emulator!;
    const eventsBefore = emulator.events.length;
    expect(await registerDemoAccounts(deps)).toBe(true);
    const account = await deps.payments!.stripe.accounts.retrieve(DEMO_ORGA_STRIPE_ACCOUNT_ID);
    expect(account).toMatchObject({ id: DEMO_ORGA_STRIPE_ACCOUNT_ID, charges_enabled: true, payouts_enabled: true, details_submitted: true, email: orga.email });
    expect(emulator.events.length).toBe(eventsBefore + 1); // its account.updated

    expect(await registerDemoAccounts(deps)).toBe(true);
    expect(emulator.events.length).toBe(eventsBefore + 1);
  });
});
