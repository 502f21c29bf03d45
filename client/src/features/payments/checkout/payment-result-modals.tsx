import { CircleCheck, CircleX } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { m } from "@client/paraglide/messages";

const OUTCOMES = {
  success: { Icon: CircleCheck, badge: "bg-pitch-100 text-pitch-700" },
  failed: { Icon: CircleX, badge: "bg-red-100 text-red-700" },
} as const;

/** The shape both outcomes share: a round icon, the title (also the dialog's name), what follows, the buttons. */
function PaymentResultModal({ outcome, title, onClose, children, actions }: { outcome: keyof typeof OUTCOMES; title: string; onClose: () => void; children: ReactNode; actions: ReactNode }) {
  const { Icon, badge } = OUTCOMES[outcome];
  return (
    <Modal open onClose={onClose} title={title} hideTitle>
      <div className="flex flex-col items-center text-center">
        <span className={`inline-flex size-16 items-center justify-center rounded-full ${badge}`}>
          <Icon aria-hidden className="size-8" />
        </span>
        <p aria-hidden className="mt-3 text-[22px] font-extrabold tracking-tight text-slate-900">
          {title}
        </p>
        {children}
      </div>
      <div className="mt-5 flex flex-col gap-2">{actions}</div>
    </Modal>
  );
}

/** After the provider sent the player back with redirect_status=failed (spec 000 section 4). */
export function PaymentFailedModal({ message, onRetry, onClose, retrying }: { message: string | null; onRetry: () => void; onClose: () => void; retrying: boolean }) {
  return (
    <PaymentResultModal
      outcome="failed"
      title={m.checkout_failed_title()}
      onClose={onClose}
      actions={
        <>
          <Button size="lg" block loading={retrying} onClick={onRetry}>
            {m.checkout_retry()}
          </Button>
          <Button variant="ghost" block onClick={onClose}>
            {m.checkout_close()}
          </Button>
        </>
      }
    >
      {message ? <p className="mt-1.5 text-[15px] font-semibold text-red-800">{message}</p> : null}
      <p className="mt-1.5 text-[15px] leading-relaxed text-slate-700">{m.checkout_failed_text()}</p>
    </PaymentResultModal>
  );
}

/** The payment is confirmed (Approved, or Captured with instant capture). */
export function PaymentSuccessModal({ onClose }: { onClose: () => void }) {
  return (
    <PaymentResultModal
      outcome="success"
      title={m.checkout_success_title()}
      onClose={onClose}
      actions={
        <Button size="lg" block onClick={onClose}>
          {m.checkout_ok()}
        </Button>
      }
    >
      <p className="mt-1.5 text-[15px] leading-relaxed text-slate-700">{m.checkout_success_text()}</p>
    </PaymentResultModal>
  );
}
