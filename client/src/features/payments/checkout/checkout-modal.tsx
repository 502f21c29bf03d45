import { Timer } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { TParticipationPayment } from "@shared/schemas/participation";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { m } from "@client/paraglide/messages";
import { AmountPanel } from "./amount-panel";
import { formatCountdown, useSecondsLeft } from "./countdown";

// Stripe.js and the Payment Element: their own chunk, loaded only for a publishable key.
const PaymentElementCheckout = lazy(() => import("./payment-element").then((mod) => ({ default: mod.PaymentElementCheckout })));

/**
 * The payment checkout modal of the game page (spec 000 sections 2, 4): the amount, the reservation's
 * countdown in seconds and "Jetzt bezahlen", which goes to the provider's hosted checkout page (a full
 * page navigation; it returns to /game/{id}?payment-return). With a publishable key (real Stripe) the
 * server gives no hosted page: Stripe's Payment Element is shown in the modal (payment-element.tsx).
 */
export function CheckoutModal({
  payment,
  instantCapture,
  onClose,
  onExpired,
}: {
  payment: TParticipationPayment;
  instantCapture: boolean;
  onClose: () => void;
  onExpired: () => void;
}) {
  const left = useSecondsLeft(payment.expiresAt) ?? 0;
  const [leaving, setLeaving] = useState(false);
  const expired = left <= 0;

  function pay() {
    if (!payment.checkoutUrl) return;
    setLeaving(true);
    window.location.assign(payment.checkoutUrl);
  }

  return (
    <Modal open onClose={onClose} title={m.checkout_title()}>
      <AmountPanel amountCents={payment.amountCents} />
      {expired ? (
        <div className="mt-4 space-y-3">
          <Notice tone="error">{m.checkout_expired_title()}</Notice>
          <Button size="lg" block onClick={onExpired}>
            {m.checkout_retry()}
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-4 flex items-center justify-between gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-200">
            <span className="flex items-center gap-2 text-[15px] font-semibold">
              <Timer aria-hidden className="size-5" />
              {m.checkout_reserved_for()}
            </span>
            <span role="timer" aria-label={m.checkout_countdown_label()} className="text-[20px] font-extrabold tabular-nums">
              {formatCountdown(left)}
            </span>
          </div>
          <p className="mt-3 text-[14px] leading-snug text-slate-600">{instantCapture ? m.checkout_note_instant() : m.checkout_note_hold()}</p>
          {!payment.checkoutUrl && payment.publishableKey ? (
            <Suspense
              fallback={<p role="status" className="mt-5 py-6 text-center text-[15px] font-semibold text-slate-600">{m.checkout_pe_loading()}</p>}
            >
              <PaymentElementCheckout payment={payment} onClose={onClose} />
            </Suspense>
          ) : (
            <>
              {payment.checkoutUrl ? null : (
                <div className="mt-3">
                  <Notice tone="error">{m.checkout_unavailable()}</Notice>
                </div>
              )}
              <div className="mt-5 flex flex-col gap-2">
                <Button size="lg" block loading={leaving} disabled={!payment.checkoutUrl} onClick={pay}>
                  {m.checkout_pay()}
                </Button>
                <Button variant="ghost" block onClick={onClose}>
                  {m.checkout_later()}
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
