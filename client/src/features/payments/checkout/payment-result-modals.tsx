import { CircleCheck, CircleX } from "lucide-react";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { m } from "@client/paraglide/messages";

/** After the provider sent the player back with redirect_status=failed (spec 000 section 4). */
export function PaymentFailedModal({ message, onRetry, onClose, retrying }: { message: string | null; onRetry: () => void; onClose: () => void; retrying: boolean }) {
  return (
    <Modal open onClose={onClose} title={m.checkout_failed_title()} hideTitle>
      <div className="flex flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-red-100 text-red-700">
          <CircleX aria-hidden className="size-8" />
        </span>
        <p aria-hidden className="mt-3 text-[22px] font-extrabold tracking-tight text-slate-900">
          {m.checkout_failed_title()}
        </p>
        {message ? <p className="mt-1.5 text-[15px] font-semibold text-red-800">{message}</p> : null}
        <p className="mt-1.5 text-[15px] leading-relaxed text-slate-700">{m.checkout_failed_text()}</p>
      </div>
      <div className="mt-5 flex flex-col gap-2">
        <Button size="lg" block loading={retrying} onClick={onRetry}>
          {m.checkout_retry()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.checkout_close()}
        </Button>
      </div>
    </Modal>
  );
}

/** The payment is confirmed (Approved, or Captured with instant capture). */
export function PaymentSuccessModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={m.checkout_success_title()} hideTitle>
      <div className="flex flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
          <CircleCheck aria-hidden className="size-8" />
        </span>
        <p aria-hidden className="mt-3 text-[22px] font-extrabold tracking-tight text-slate-900">
          {m.checkout_success_title()}
        </p>
        <p className="mt-1.5 text-[15px] leading-relaxed text-slate-700">{m.checkout_success_text()}</p>
      </div>
      <Button size="lg" block className="mt-5" onClick={onClose}>
        {m.checkout_ok()}
      </Button>
    </Modal>
  );
}
