import { useSyncExternalStore } from "react";
import type { TParticipationPayment } from "@shared/schemas/participation";

/**
 * The checkout dialog of the game page is opened from several places (after joining, the own
 * participation's pay button, the payment-failed dialog's retry); one store, one dialog (payment-flow.tsx).
 */
let current: TParticipationPayment | null = null;
const listeners = new Set<() => void>();

export function openCheckout(payment: TParticipationPayment | null): void {
  current = payment;
  for (const listener of listeners) listener();
}

export function useOpenCheckout(): TParticipationPayment | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
