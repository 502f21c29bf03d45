import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import type { TGame } from "@shared/schemas/games";
import { gameQueryOptions } from "@client/features/games/game-query";
import { openCheckout, useOpenCheckout } from "./checkout-store";
import { PAYMENT_POLLING_MS } from "./polling";
import { dismissToast, showToast } from "@client/components/toast";
import { m } from "@client/paraglide/messages";
import { forgetReservation } from "./reservation-memory";
import { usePaymentActions } from "./use-payment-actions";

// The dialogs load only when one opens: paying is never on the game page's critical path.
const CheckoutModal = lazy(() => import("./checkout-modal").then((mod) => ({ default: mod.CheckoutModal })));
const PaymentFailedModal = lazy(() => import("./payment-result-modals").then((mod) => ({ default: mod.PaymentFailedModal })));
const PaymentSuccessModal = lazy(() => import("./payment-result-modals").then((mod) => ({ default: mod.PaymentSuccessModal })));

/** The query parameters the provider's return adds (spec 000 section 2). */
const RETURN_PARAMS = ["payment-return", "payment_intent", "payment_intent_client_secret", "redirect_status"];

type Return = { status: "failed" | "succeeded"; intent: string | null };

function readReturn(searchStr: string): Return | null {
  const params = new URLSearchParams(searchStr);
  if (!params.has("payment-return")) return null;
  return { status: params.get("redirect_status") === "failed" ? "failed" : "succeeded", intent: params.get("payment_intent") };
}

type Own = { id: number; queue: boolean; playerCount: number; paymentStatus: string } | null;

/**
 * Everything about paying on the game page that is not the participation box: the checkout dialog,
 * the provider's return (?payment-return: failed → the payment-failed modal with a retry; succeeded →
 * poll the game every 10 s while the payment is still Open, then the success dialog; the parameters
 * are removed from the URL without a history entry). "Reservierung abgelaufen" is the own
 * participation's status (features/participation/participation-box.tsx).
 */
export function PaymentFlow({ game, own }: { game: TGame; own: Own }) {
  const router = useRouter();
  const navigate = useNavigate();
  const checkout = useOpenCheckout();
  const actions = usePaymentActions(game);
  const [returned, setReturned] = useState<Return | null>(() => readReturn(router.latestLocation.searchStr));
  // Modals close on every URL change: they open once the parameters are gone.
  const [cleaned, setCleaned] = useState(returned === null);
  const [failedOpen, setFailedOpen] = useState(returned?.status === "failed");
  const [successOpen, setSuccessOpen] = useState(false);

  useEffect(() => {
    if (!returned) return;
    const location = router.latestLocation;
    const params = new URLSearchParams(location.searchStr);
    for (const name of RETURN_PARAMS) params.delete(name);
    const query = params.toString().replace(/=(?=&|$)/g, "");
    void navigate({ href: `${location.pathname}${query ? `?${query}` : ""}`, replace: true }).then(() => setCleaned(true));
    // once, for the parameters the page was opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A dialog left open from another game must not follow the player.
  useEffect(() => () => openCheckout(null), []);

  const waitingForConfirmation = returned?.status === "succeeded" && own?.paymentStatus === "Open";
  useQuery({ ...gameQueryOptions(game.id), enabled: waitingForConfirmation, refetchInterval: waitingForConfirmation ? PAYMENT_POLLING_MS : false });
  // Back from the provider while the confirmation is on its way: say that the money arrived (issue 23 item 14).
  // Once the confirmation is in, the box says "Bezahlt": the waiting toast goes with the wait (one status shown once).
  useEffect(() => {
    if (!waitingForConfirmation || !cleaned) return;
    const toast = showToast(m.toast_payment_received(), "info");
    return () => dismissToast(toast);
  }, [waitingForConfirmation, cleaned]);

  useEffect(() => {
    if (returned?.status !== "succeeded" || !own) return;
    if (own.paymentStatus === "Approved" || own.paymentStatus === "Captured") {
      forgetReservation(game.id);
      setSuccessOpen(true);
      setReturned(null);
    } else if (own.paymentStatus !== "Open") {
      setReturned(null);
    }
  }, [returned, own, game.id]);

  return (
    <>
      <Suspense fallback={null}>
        {checkout && cleaned ? (
          <CheckoutModal
            payment={checkout}
            instantCapture={game.instantCapture}
            onClose={() => openCheckout(null)}
            onExpired={() => {
              openCheckout(null);
              void actions.rejoin(own?.playerCount ?? 1);
            }}
          />
        ) : null}
        {failedOpen && cleaned && !checkout ? (
          <PaymentFailedModal
            message={actions.error}
            retrying={actions.paying}
            onClose={() => setFailedOpen(false)}
            onRetry={() => {
              if (!own) return setFailedOpen(false);
              void actions.pay(own.id).then((outcome) => outcome !== "error" && setFailedOpen(false));
            }}
          />
        ) : null}
        {successOpen && cleaned ? <PaymentSuccessModal onClose={() => setSuccessOpen(false)} /> : null}
      </Suspense>
    </>
  );
}
