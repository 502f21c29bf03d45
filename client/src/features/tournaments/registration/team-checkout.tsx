import { useMutation } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import type { TTeamPayment } from "@shared/schemas/tournament-teams";
import { Modal } from "@client/components/modal";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { AmountPanel } from "@client/features/payments/checkout/amount-panel";

// Stripe.js and the Payment Element: the game page's checkout chunk, loaded only for a publishable key.
const PaymentElementCheckout = lazy(() => import("@client/features/payments/checkout/payment-element").then((mod) => ({ default: mod.PaymentElementCheckout })));

/** Where the provider sends the payer back: the tournament page with the team (Stripe adds redirect_status). */
export function teamReturnPath(tournamentId: number, participationId: number): string {
  return `/tournament/${tournamentId}?returned=1&tpid=${participationId}`;
}

/**
 * Paying a team's fee (spec 001 sections 2.10, 7): with the hosted checkout page (the emulator) the browser goes
 * there at once; with real Stripe (a publishable key, no hosted page) the Payment Element opens in a dialog. `start`
 * takes a payment the server already gave (after registering) or asks `tournaments.pay` for one.
 */
export function useTeamCheckout() {
  const payMutation = useMutation(trpc.tournaments.pay.mutationOptions());
  const [element, setElement] = useState<{ payment: TTeamPayment; tournamentId: number } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function go(payment: TTeamPayment, tournamentId: number) {
    if (payment.checkoutUrl) {
      setLeaving(true);
      window.location.assign(payment.checkoutUrl);
    } else if (payment.publishableKey) {
      setElement({ payment, tournamentId });
    } else {
      setError(m.checkout_unavailable());
    }
  }

  async function start(team: { id: number; tournamentId: number }, given?: TTeamPayment | null): Promise<boolean> {
    setError(null);
    try {
      go(given ?? (await payMutation.mutateAsync({ participationId: team.id })), team.tournamentId);
      return true;
    } catch (caught) {
      setError(errorMessage(caught));
      return false;
    }
  }

  const dialog = element ? (
    <Modal open onClose={() => setElement(null)} title={m.tteam_pay_title()}>
      <AmountPanel amountCents={element.payment.amountCents} />
      <Suspense fallback={<p role="status" className="mt-5 py-6 text-center text-[15px] font-semibold text-slate-600">{m.checkout_pe_loading()}</p>}>
        <PaymentElementCheckout
          payment={element.payment}
          onClose={() => setElement(null)}
          returnPath={teamReturnPath(element.tournamentId, element.payment.participationId)}
        />
      </Suspense>
    </Modal>
  ) : null;

  return { start, pending: payMutation.isPending || leaving, error, clearError: () => setError(null), dialog };
}
