/**
 * The payment onboarding's rules (spec 001 sections 2.9 and 5), for the screen and the server.
 *
 * Onboarding needs first name, last name, date of birth, an address and a verified e-mail; the
 * screen lists what is missing and the server refuses to start without them. The screen has five
 * states, checked in this order: not signed in, e-mail not verified, payments fully enabled (the
 * connected account can take charges), onboarding completed but charges not enabled, and otherwise
 * the setup (personal data, address, start).
 */

/** What onboarding needs, in the order the screen lists it. */
export const ONBOARDING_REQUIREMENTS = ["emailVerified", "firstName", "lastName", "dateOfBirth", "address"] as const;
export type OnboardingRequirement = (typeof ONBOARDING_REQUIREMENTS)[number];

export type OnboardingAccount = {
  emailVerifiedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  paymentOnboardingCompleted: boolean;
  paymentChargesEnabled: boolean;
};

const present = (value: string | null) => value !== null && value.trim() !== "";

/** What is still missing before onboarding may start, in the screen's order; empty when it may. */
export function missingOnboardingRequirements(account: Omit<OnboardingAccount, "paymentOnboardingCompleted" | "paymentChargesEnabled">, hasAddress: boolean): OnboardingRequirement[] {
  const met: Record<OnboardingRequirement, boolean> = {
    emailVerified: account.emailVerifiedAt !== null,
    firstName: present(account.firstName),
    lastName: present(account.lastName),
    dateOfBirth: present(account.dateOfBirth),
    address: hasAddress,
  };
  return ONBOARDING_REQUIREMENTS.filter((r) => !met[r]);
}

/** The five states of /payments-onboarding (spec 001 section 2.9), in the order they are checked. */
export const ONBOARDING_STATES = ["signedOut", "emailUnverified", "ready", "chargesDisabled", "setup"] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];

export function onboardingState(account: OnboardingAccount | null): OnboardingState {
  if (!account) return "signedOut";
  if (account.emailVerifiedAt === null) return "emailUnverified";
  if (account.paymentChargesEnabled) return "ready";
  if (account.paymentOnboardingCompleted) return "chargesDisabled";
  return "setup";
}
