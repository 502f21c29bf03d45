import { createFileRoute } from "@tanstack/react-router";
import { myAddressesQueryOptions, type OnboardingSearch } from "@client/features/payments/payments-queries";
import { PaymentsOnboardingScreen } from "@client/features/payments/payments-onboarding-screen";

export const Route = createFileRoute("/payments-onboarding")({
  // ?stripe-return: back from the provider's onboarding, check the account; ?stripe-refresh: the
  // provider's link expired, offer to continue (spec 001 sections 2.2, 2.9). Not behind the login
  // guard: signed out, the screen's first state says to sign in to collect payments.
  validateSearch: (search: Record<string, unknown>): OnboardingSearch => ({
    ...("stripe-return" in search ? { "stripe-return": true as const } : {}),
    ...("stripe-refresh" in search ? { "stripe-refresh": true as const } : {}),
  }),
  loader: ({ context }) => {
    if (context.account) void context.queryClient.prefetchQuery(myAddressesQueryOptions());
  },
  component: PaymentsOnboardingRoute,
});

function PaymentsOnboardingRoute() {
  return <PaymentsOnboardingScreen search={Route.useSearch()} />;
}
