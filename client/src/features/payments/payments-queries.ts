import { trpc } from "@client/lib/trpc";

/** The query of /payments-onboarding: back from the provider, or its link expired. */
export type OnboardingSearch = { "stripe-return"?: true; "stripe-refresh"?: true };

/** Query options of the payment onboarding, apart from its screen so the route's loader stays out of the entry chunk. */
export function myAddressesQueryOptions() {
  return trpc.addresses.mine.queryOptions(undefined, { staleTime: 60_000 });
}
