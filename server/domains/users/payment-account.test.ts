import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Deps } from "../../context";
import { users } from "../../db/schema";
import { callerFor } from "../../testing/caller";
import { createUser, FACTORY_PASSWORD } from "../../testing/factories";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { claimMonthlyFee, clearPaymentAccount, findUserByStripeAccountId, setPaymentAccount } from "./service";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

async function myAccount(user: { email: string }) {
  const a = await callerFor(deps);
  await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
  return (await callerFor(deps, { token: a.cookies.token })).caller.users.myAccount();
}

const accountId = () => `acct_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
const paymentColumns = async (userId: number) =>
  (
    await deps.db
      .select({
        stripeAccountId: users.stripeAccountId,
        paymentOnboardingCompleted: users.paymentOnboardingCompleted,
        paymentChargesEnabled: users.paymentChargesEnabled,
        paymentPayoutsEnabled: users.paymentPayoutsEnabled,
        paymentBusinessType: users.paymentBusinessType,
        stripeMonthlyFeePaidMonth: users.stripeMonthlyFeePaidMonth,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!;

describe("the payment account on users (written only through the users service)", () => {
  test("a new account has none; the tRPC account query answers the payment fields", async () => {
    const user = await createUser(deps);
    expect(await myAccount(user)).toMatchObject({
      hasPaymentAccount: false,
      paymentOnboardingCompleted: false,
      paymentChargesEnabled: false,
      paymentPayoutsEnabled: false,
      paymentBusinessType: null,
      stripeMonthlyFeePaid: false,
    });
  });

  test("setPaymentAccount sets what it is given and keeps the rest; clearPaymentAccount starts over", async () => {
    testClock.freeze("2026-11-10T10:00:00Z");
    const user = await createUser(deps);
    const id = accountId();
    expect(await setPaymentAccount(deps.db, user.id, { stripeAccountId: id }, testClock.now())).toBe(true);
    expect(await myAccount(user)).toMatchObject({ hasPaymentAccount: true, paymentOnboardingCompleted: false, paymentChargesEnabled: false });

    // an account.updated webhook: details submitted, charges on, payouts still off
    testClock.advance(60_000);
    await setPaymentAccount(deps.db, user.id, { paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentBusinessType: "company" }, testClock.now());
    expect(await paymentColumns(user.id)).toEqual({
      stripeAccountId: id,
      paymentOnboardingCompleted: true,
      paymentChargesEnabled: true,
      paymentPayoutsEnabled: false,
      paymentBusinessType: "company",
      stripeMonthlyFeePaidMonth: null,
      updatedAt: new Date("2026-11-10T10:01:00Z"),
    });
    expect((await findUserByStripeAccountId(deps.db, id))?.id).toBe(user.id);
    expect(await findUserByStripeAccountId(deps.db, "acct_nobody")).toBeNull();

    await clearPaymentAccount(deps.db, user.id, testClock.now());
    expect(await myAccount(user)).toMatchObject({
      hasPaymentAccount: false,
      paymentOnboardingCompleted: false,
      paymentChargesEnabled: false,
      paymentPayoutsEnabled: false,
      paymentBusinessType: null,
    });
    expect(await findUserByStripeAccountId(deps.db, id)).toBeNull();
    expect(await setPaymentAccount(deps.db, 2 ** 31 - 1, { paymentChargesEnabled: true }, testClock.now())).toBe(false);
  });

  test("one connected account belongs to one user", async () => {
    const a = await createUser(deps);
    const b = await createUser(deps);
    const id = accountId();
    await setPaymentAccount(deps.db, a.id, { stripeAccountId: id }, new Date());
    await expect(setPaymentAccount(deps.db, b.id, { stripeAccountId: id }, new Date())).rejects.toThrow();
    expect((await paymentColumns(b.id)).stripeAccountId).toBeNull();
  });

  test("the monthly fee is claimed once per Berlin month, also by concurrent payouts", async () => {
    const user = await createUser(deps);
    const november = new Date("2026-11-15T12:00:00Z");
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimMonthlyFee(deps.db, user.id, november)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await paymentColumns(user.id)).stripeMonthlyFeePaidMonth).toBe("2026-11-01");
    expect(await claimMonthlyFee(deps.db, user.id, new Date("2026-11-30T22:59:59Z"))).toBe(false); // still November in Berlin
    expect(await claimMonthlyFee(deps.db, user.id, new Date("2026-11-30T23:00:00Z"))).toBe(true); // December in Berlin
    expect((await paymentColumns(user.id)).stripeMonthlyFeePaidMonth).toBe("2026-12-01");

    testClock.freeze("2026-12-05T09:00:00Z");
    expect(await myAccount(user)).toMatchObject({ stripeMonthlyFeePaid: true });
    testClock.freeze("2027-01-01T09:00:00Z");
    expect(await myAccount(user)).toMatchObject({ stripeMonthlyFeePaid: false });
  });

  test("the stored month is always a month's first day", async () => {
    const user = await createUser(deps);
    await expect(setPaymentAccount(deps.db, user.id, { stripeMonthlyFeePaidMonth: "2026-11-15" }, new Date())).rejects.toThrow();
  });
});
