import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@client/lib/trpc";

/**
 * Starts (or continues) the provider's hosted onboarding: asks for a fresh link and sends the
 * browser there. Stays "pending" while the browser leaves, so the button keeps its spinner.
 */
export function useOnboardingLink() {
  const create = useMutation(trpc.payments.createAccountLink.mutationOptions());
  const [leaving, setLeaving] = useState(false);
  async function go(): Promise<boolean> {
    try {
      const { url } = await create.mutateAsync();
      setLeaving(true);
      window.location.assign(url);
      return true;
    } catch {
      return false;
    }
  }
  return { go, pending: create.isPending || leaving, error: create.error, reset: create.reset };
}
