import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { findUser, setPaymentAccount } from "../domains/users/service";
import { createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's payment-account calls of spec 001 section 7, with exactly the documented
 * arguments: `myAddresses` (none), `createOrUpdateAddress(id, line1, town, postalCode, country)` and
 * the payment fields of `myAccount`, answering the Address fields of spec 001 section 3;
 * `createStripeAccountLink` and `resetPaymentAccount` (none), and `myAccount(updatePaymentDetails: true)`
 * as the check after the hosted onboarding.
 */

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

type Client = ReturnType<typeof httpClient>;
type Address = { id: string; line1: string; line2: string; postalCode: string; town: string; state: string; country: string };

const TOKEN_AUTH = `mutation tokenAuth($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token refreshExpiresIn } }`;
const ADDRESS_FIELDS = "id line1 line2 postalCode town state country";
const MY_ADDRESSES = `query myAddresses { myAddresses { ${ADDRESS_FIELDS} } }`;
const CREATE_OR_UPDATE_ADDRESS = `mutation createOrUpdateAddress($id: ID, $line1: String!, $town: String!, $postalCode: String!, $country: String!) {
  createOrUpdateAddress(id: $id, line1: $line1, town: $town, postalCode: $postalCode, country: $country) { address { ${ADDRESS_FIELDS} } }
}`;
const MY_ACCOUNT_PAYMENT = `query myAccount($updatePaymentDetails: Boolean) {
  myAccount(updatePaymentDetails: $updatePaymentDetails) {
    id hasPaymentAccount paymentOnboardingCompleted paymentChargesEnabled paymentPayoutsEnabled paymentBusinessType stripeMonthlyFeePaid
  }
}`;

async function wrapperSignedIn(): Promise<{ client: Client; userId: number }> {
  const user = await createUser(deps, { emailVerifiedAt: new Date(), firstName: "Jonas", lastName: "Weber", dateOfBirth: "1992-09-03" });
  const client = httpClient(deps);
  const { body } = await client.graphql(TOKEN_AUTH, { email: user.email, password: FACTORY_PASSWORD });
  expect(body.errors).toBeUndefined();
  return { client, userId: user.id };
}

describe("addresses", () => {
  test("myAddresses is empty at first; createOrUpdateAddress with id null adds, with an id changes", async () => {
    const { client } = await wrapperSignedIn();
    expect((await client.graphql(MY_ADDRESSES)).body).toEqual({ data: { myAddresses: [] } });

    const created = await client.graphql<{ createOrUpdateAddress: { address: Address } }>(CREATE_OR_UPDATE_ADDRESS, {
      id: null,
      line1: "Torstraße 12",
      town: "Berlin",
      postalCode: "10119",
      country: "DE",
    });
    expect(created.body.errors).toBeUndefined();
    const address = created.body.data!.createOrUpdateAddress.address;
    expect(address).toEqual({ id: expect.stringMatching(/^[0-9]+$/), line1: "Torstraße 12", line2: "", postalCode: "10119", town: "Berlin", state: "", country: "DE" });

    const updated = await client.graphql<{ createOrUpdateAddress: { address: Address } }>(CREATE_OR_UPDATE_ADDRESS, {
      id: address.id,
      line1: "Torstraße 14",
      town: "Berlin",
      postalCode: "10119",
      country: "DE",
    });
    expect(updated.body).toEqual({ data: { createOrUpdateAddress: { address: { ...address, line1: "Torstraße 14" } } } });
    expect((await client.graphql(MY_ADDRESSES)).body).toEqual({ data: { myAddresses: [{ ...address, line1: "Torstraße 14" }] } });
  });

  test("the arguments may also be declared nullable and left out; the missing ones are named", async () => {
    const { client } = await wrapperSignedIn();
    const { body } = await client.graphql(
      `mutation createOrUpdateAddress($id: ID, $line1: String, $town: String, $postalCode: String, $country: String) {
        createOrUpdateAddress(id: $id, line1: $line1, town: $town, postalCode: $postalCode, country: $country) { address { id } }
      }`,
      { id: null, line1: "Torstraße 12", town: null, postalCode: "1011", country: "DE" },
    );
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      status: 400,
      fields: [{ path: "town", code: "required" }, { path: "postalCode", code: "postal_code_de" }],
    });
    expect((await client.graphql(MY_ADDRESSES)).body).toEqual({ data: { myAddresses: [] } });
  });

  test("someone else's address id is not found; without a session the wrapper's refresh text", async () => {
    const owner = await wrapperSignedIn();
    const other = await wrapperSignedIn();
    const mine = await owner.client.graphql<{ createOrUpdateAddress: { address: Address } }>(CREATE_OR_UPDATE_ADDRESS, {
      id: null,
      line1: "Graben 1",
      town: "Wien",
      postalCode: "1010",
      country: "AT",
    });
    const id = mine.body.data!.createOrUpdateAddress.address.id;
    const taken = await other.client.graphql(CREATE_OR_UPDATE_ADDRESS, { id, line1: "Gekapert 1", town: "Wien", postalCode: "1010", country: "AT" });
    expect(taken.body.errors?.[0]?.extensions).toMatchObject({ code: "ADDRESS_NOT_FOUND", status: 404 });
    expect((await other.client.graphql(MY_ADDRESSES)).body).toEqual({ data: { myAddresses: [] } });
    expect((await owner.client.graphql<{ myAddresses: Address[] }>(MY_ADDRESSES)).body.data!.myAddresses.map((a) => a.line1)).toEqual(["Graben 1"]);

    const visitor = httpClient(deps);
    for (const [query, variables] of [
      [MY_ADDRESSES, {}],
      [CREATE_OR_UPDATE_ADDRESS, { id: null, line1: "Torstraße 12", town: "Berlin", postalCode: "10119", country: "DE" }],
    ] as const) {
      const { body } = await visitor.graphql(query, variables);
      expect(body.errors?.[0]?.message).toBe("You do not have permission to perform this action");
    }
  });
});

describe("myAccount's payment fields", () => {
  test("no payment account at first; then as the provider reports it; the monthly fee by Berlin month", async () => {
    testClock.freeze("2026-11-30T22:30:00Z"); // 23:30 on 30 November in Berlin
    const { client, userId } = await wrapperSignedIn();
    const account = async () => (await client.graphql<{ myAccount: Record<string, unknown> }>(MY_ACCOUNT_PAYMENT, { updatePaymentDetails: null })).body;
    expect(await account()).toEqual({
      data: {
        myAccount: {
          id: String(userId),
          hasPaymentAccount: false,
          paymentOnboardingCompleted: false,
          paymentChargesEnabled: false,
          paymentPayoutsEnabled: false,
          paymentBusinessType: null,
          stripeMonthlyFeePaid: false,
        },
      },
    });

    const stripeAccountId = `acct_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await setPaymentAccount(
      deps.db,
      userId,
      { stripeAccountId, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: false, paymentBusinessType: "individual", stripeMonthlyFeePaidMonth: "2026-11-01" },
      testClock.now(),
    );
    expect((await account()).data!.myAccount).toEqual({
      id: String(userId),
      hasPaymentAccount: true,
      paymentOnboardingCompleted: true,
      paymentChargesEnabled: true,
      paymentPayoutsEnabled: false,
      paymentBusinessType: "individual",
      stripeMonthlyFeePaid: true,
    });
    testClock.advance(30 * 60_000); // midnight: December in Berlin
    expect((await account()).data!.myAccount.stripeMonthlyFeePaid).toBe(false);
  });
});

describe("payment onboarding", () => {
  const CREATE_LINK = `mutation createStripeAccountLink { createStripeAccountLink { url } }`;
  const RESET = `mutation resetPaymentAccount { resetPaymentAccount { success } }`;
  const PAYMENT_FIELDS = "hasPaymentAccount paymentOnboardingCompleted paymentChargesEnabled paymentPayoutsEnabled paymentBusinessType";

  test("createStripeAccountLink (no arguments) answers the hosted onboarding's url; myAccount(updatePaymentDetails: true) checks the account", async () => {
    const { client, userId } = await wrapperSignedIn();
    const missing = await client.graphql(CREATE_LINK);
    expect(missing.body.errors?.[0]?.extensions).toMatchObject({ code: "PAYMENT_DETAILS_MISSING", status: 409, details: { missing: "address" } });
    await client.graphql(CREATE_OR_UPDATE_ADDRESS, { id: null, line1: "Torstraße 12", town: "Berlin", postalCode: "10119", country: "DE" });

    const created = await client.graphql<{ createStripeAccountLink: { url: string } }>(CREATE_LINK);
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data!.createStripeAccountLink.url).toStartWith(`${deps.payments!.emulator!.url}/connect/onboarding/`);
    const accountId = (await findUser(deps.db, userId))!.stripeAccountId!;

    // The account holder finishes on Stripe's page; the wrapper asks for the account with the check.
    deps.payments!.emulator!.completeOnboarding(accountId, { businessType: "individual", outcome: "complete" });
    const stored = await client.graphql<{ myAccount: Record<string, unknown> }>(`query myAccount { myAccount { ${PAYMENT_FIELDS} } }`);
    expect(stored.body.data!.myAccount).toMatchObject({ hasPaymentAccount: true, paymentChargesEnabled: false }); // no webhook in this test
    const checked = await client.graphql<{ myAccount: Record<string, unknown> }>(
      `query myAccount($updatePaymentDetails: Boolean) { myAccount(updatePaymentDetails: $updatePaymentDetails) { ${PAYMENT_FIELDS} } }`,
      { updatePaymentDetails: true },
    );
    expect(checked.body).toEqual({
      data: {
        myAccount: { hasPaymentAccount: true, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true, paymentBusinessType: "individual" },
      },
    });
  });

  test("resetPaymentAccount (no arguments) forgets the account; visitors get the wrapper's refresh text", async () => {
    const { client, userId } = await wrapperSignedIn();
    await client.graphql(CREATE_OR_UPDATE_ADDRESS, { id: null, line1: "Torstraße 12", town: "Berlin", postalCode: "10119", country: "DE" });
    await client.graphql(CREATE_LINK);
    expect((await findUser(deps.db, userId))!.stripeAccountId).toStartWith("acct_");
    expect((await client.graphql(RESET)).body).toEqual({ data: { resetPaymentAccount: { success: true } } });
    expect((await findUser(deps.db, userId))!.stripeAccountId).toBeNull();

    const visitor = httpClient(deps);
    for (const query of [CREATE_LINK, RESET]) {
      expect((await visitor.graphql(query)).body.errors?.[0]?.message).toBe("You do not have permission to perform this action");
    }
  });
});
