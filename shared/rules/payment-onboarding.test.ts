import { describe, expect, test } from "bun:test";
import { missingOnboardingRequirements, onboardingState, type OnboardingAccount, type OnboardingRequirement, type OnboardingState } from "./payment-onboarding";

const complete: OnboardingAccount = {
  emailVerifiedAt: new Date("2026-11-01T10:00:00Z"),
  firstName: "Jonas",
  lastName: "Weber",
  dateOfBirth: "1992-09-03",
  paymentOnboardingCompleted: false,
  paymentChargesEnabled: false,
};

describe("missingOnboardingRequirements", () => {
  test.each<[string, Partial<OnboardingAccount>, boolean, OnboardingRequirement[]]>([
    ["everything there", {}, true, []],
    ["no address", {}, false, ["address"]],
    ["unverified e-mail", { emailVerifiedAt: null }, true, ["emailVerified"]],
    ["no last name", { lastName: null }, true, ["lastName"]],
    ["a blank last name counts as none", { lastName: "   " }, true, ["lastName"]],
    ["no date of birth", { dateOfBirth: null }, true, ["dateOfBirth"]],
    ["a blank first name", { firstName: "" }, true, ["firstName"]],
    [
      "nothing: listed in the screen's order",
      { emailVerifiedAt: null, firstName: null, lastName: null, dateOfBirth: null },
      false,
      ["emailVerified", "firstName", "lastName", "dateOfBirth", "address"],
    ],
  ])("%s", (_name, changes, hasAddress, missing) => {
    expect(missingOnboardingRequirements({ ...complete, ...changes }, hasAddress)).toEqual(missing);
  });
});

describe("onboardingState: the five states in the order of spec 001 section 2.9", () => {
  test.each<[string, OnboardingAccount | null, OnboardingState]>([
    ["signed out", null, "signedOut"],
    ["unverified comes before everything else, even an enabled account", { ...complete, emailVerifiedAt: null, paymentOnboardingCompleted: true, paymentChargesEnabled: true }, "emailUnverified"],
    ["charges enabled: ready", { ...complete, paymentOnboardingCompleted: true, paymentChargesEnabled: true }, "ready"],
    ["charges enabled before the details were reported: still ready", { ...complete, paymentChargesEnabled: true }, "ready"],
    ["completed without charges", { ...complete, paymentOnboardingCompleted: true }, "chargesDisabled"],
    ["not completed: setup", complete, "setup"],
    ["setup also with missing personal data", { ...complete, lastName: null, dateOfBirth: null }, "setup"],
  ])("%s", (_name, account, state) => {
    expect(onboardingState(account)).toBe(state);
  });
});
