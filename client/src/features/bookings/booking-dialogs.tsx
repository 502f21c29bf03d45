import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, CircleX, Timer, Undo2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { formatMoney } from "@shared/rules/money";
import type { TCourtBooking } from "@shared/schemas/bookings";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { showToast } from "@client/components/toast";
import { m } from "@client/paraglide/messages";
import { formatDateTime, formatShortDate } from "@client/lib/format/dates";
import { formatTimeRange, personName } from "./booking-format";
import { AmountPanel } from "@client/features/payments/checkout/amount-panel";
import { storeBooking } from "./booking-queries";

// Stripe.js and the Payment Element: their own chunk, loaded only for a publishable key.
const PaymentElementCheckout = lazy(() => import("@client/features/payments/checkout/payment-element").then((mod) => ({ default: mod.PaymentElementCheckout })));

function useUpdate(booking: TCourtBooking, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.bookings.update.mutationOptions(),
    onSuccess: (next, sent) => {
      storeBooking(queryClient, next);
      // the confirmation after accept, decline or cancel (issue 23 item 14)
      const done = sent.status === "TP" ? m.toast_booking_accepted() : sent.status === "DE" ? m.toast_booking_declined() : sent.status === "CA" ? m.toast_booking_cancelled() : null;
      if (done) showToast(done);
      onDone();
    },
    onError: (error) => {
      // the booking moved meanwhile (another tab, the deadline): show what it is now
      if (appErrorCode(error) === "BOOKING_TRANSITION_NOT_ALLOWED") void queryClient.invalidateQueries({ queryKey: trpc.bookings.get.queryKey({ id: booking.id }) });
    },
  });
}

function When({ booking }: { booking: TCourtBooking }) {
  const { locale } = useLocale();
  return (
    <div className="rounded-2xl bg-slate-50 px-4 py-3">
      <p className="text-[16px] font-bold text-slate-900">{booking.court.name}</p>
      <p className="mt-0.5 text-[15px] text-slate-700 tabular-nums">
        {formatShortDate(booking.startTime, locale)} · {formatTimeRange(booking.startTime, booking.endTime, locale)}
      </p>
      <p className="mt-0.5 text-[14px] text-slate-600">
        {m.booking_renter_line({ name: personName(booking.renter) })} · {formatMoney(booking.priceCents, locale)}
      </p>
    </div>
  );
}

/**
 * The owner accepts (spec 001 section 2.8): with several sub-courts one must be picked first. Nothing
 * is sent before the owner's click on 'Annehmen', also when the dialog was opened by ?action=accept.
 */
export function AcceptDialog({ booking, onClose }: { booking: TCourtBooking; onClose: () => void }) {
  const needsChoice = booking.subCourts.length > 1;
  const [subCourtId, setSubCourtId] = useState<number | null>(needsChoice ? null : (booking.subCourts[0]?.id ?? null));
  const [missing, setMissing] = useState(false);
  const update = useUpdate(booking, onClose);
  return (
    <Modal open onClose={onClose} title={m.booking_accept_title()}>
      <When booking={booking} />
      {needsChoice ? (
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-semibold text-slate-800">{m.booking_pick_sub_court()}</legend>
          <div role="radiogroup" aria-label={m.booking_pick_sub_court()} className="grid grid-cols-1 gap-2">
            {booking.subCourts.map((s) => {
              const checked = s.id === subCourtId;
              return (
                <button
                  key={s.id}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  onClick={() => {
                    setSubCourtId(s.id);
                    setMissing(false);
                  }}
                  className={`flex min-h-12 items-center justify-between rounded-xl border px-4 text-left text-[16px] font-semibold transition-colors ${
                    checked ? "border-pitch-600 bg-pitch-50 text-pitch-900 ring-1 ring-pitch-600" : "border-slate-300 bg-white text-slate-800 hover:border-pitch-600/60"
                  }`}
                >
                  {s.name}
                  <span
                    aria-hidden
                    className={`inline-flex size-6 items-center justify-center rounded-full border-2 ${checked ? "border-pitch-600 bg-pitch-600 text-white" : "border-slate-300"}`}
                  >
                    {checked ? <Check className="size-4" /> : null}
                  </span>
                </button>
              );
            })}
          </div>
          {missing ? <p className="mt-2 text-[14px] font-semibold text-red-700">{m.error_SUB_COURT_REQUIRED()}</p> : null}
        </fieldset>
      ) : null}
      <p className="mt-4 text-[14px] leading-snug text-slate-600">{m.booking_accept_text()}</p>
      {update.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(update.error)}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button
          size="lg"
          block
          loading={update.isPending}
          onClick={() => {
            if (needsChoice && subCourtId === null) {
              setMissing(true);
              return;
            }
            update.mutate({ id: booking.id, status: "TP", subCourtId });
          }}
        >
          <Check aria-hidden className="size-5" />
          {m.booking_accept()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.booking_back()}
        </Button>
      </div>
    </Modal>
  );
}

/** A status change the viewer confirms first: what it means, the button that does it, and a way back. */
function ConfirmStatusDialog(props: {
  booking: TCourtBooking;
  onClose: () => void;
  title: string;
  text: string;
  status: "DE" | "CA";
  confirm: string;
  icon: typeof CircleX;
}) {
  const { booking, onClose, icon: Icon } = props;
  const update = useUpdate(booking, onClose);
  return (
    <Modal open onClose={onClose} title={props.title}>
      <When booking={booking} />
      <p className="mt-4 text-[15px] leading-snug text-slate-700">{props.text}</p>
      {update.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(update.error)}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button size="lg" block variant="destructive" loading={update.isPending} onClick={() => update.mutate({ id: booking.id, status: props.status })}>
          <Icon aria-hidden className="size-5" />
          {props.confirm}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.booking_back()}
        </Button>
      </div>
    </Modal>
  );
}

/** The owner declines, after confirming (also when opened by ?action=decline). */
export function DeclineDialog({ booking, onClose }: { booking: TCourtBooking; onClose: () => void }) {
  return (
    <ConfirmStatusDialog
      booking={booking}
      onClose={onClose}
      title={m.booking_decline_title()}
      text={m.booking_decline_text({ name: booking.renter.firstName })}
      status="DE"
      confirm={m.booking_decline_confirm()}
      icon={CircleX}
    />
  );
}

/** Renter or owner cancels, after confirming; a paid booking's money goes back in full. */
export function CancelDialog({ booking, onClose }: { booking: TCourtBooking; onClose: () => void }) {
  const text =
    booking.status === "BO"
      ? m.booking_cancel_text_paid()
      : booking.status === "RE"
        ? booking.viewer.isRenter
          ? m.booking_cancel_text_request()
          : m.booking_cancel_text_owner()
        : m.booking_cancel_text_unpaid();
  return <ConfirmStatusDialog booking={booking} onClose={onClose} title={m.booking_cancel_title()} text={text} status="CA" confirm={m.booking_cancel_confirm()} icon={Undo2} />;
}

/**
 * Paying an accepted booking (spec 001 section 2.8): the provider's hosted checkout page (the local
 * emulator) through `checkoutUrl`, or Stripe's Payment Element with the publishable key and the client
 * secret. Both return to /court-booking/{id} with redirect_status.
 */
export function PayDialog({ booking, onClose }: { booking: TCourtBooking; onClose: () => void }) {
  const { locale } = useLocale();
  const [leaving, setLeaving] = useState(false);
  const checkoutUrl = booking.checkout?.checkoutUrl ?? null;
  const publishableKey = booking.checkout?.publishableKey ?? null;
  const secret = booking.stripePaymentIntentClientSecret;
  return (
    <Modal open onClose={onClose} title={m.booking_pay_title()}>
      <AmountPanel amountCents={booking.priceCents} />
      {booking.paymentDueAt ? (
        <p className="mt-4 flex items-center gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-[15px] font-semibold text-amber-950 ring-1 ring-amber-200">
          <Timer aria-hidden className="size-5 shrink-0" />
          {m.booking_pay_until({ when: formatDateTime(booking.paymentDueAt, locale) })}
        </p>
      ) : null}
      {!checkoutUrl && publishableKey && secret ? (
        <Suspense fallback={<p role="status" className="mt-5 py-6 text-center text-[15px] font-semibold text-slate-600">{m.checkout_pe_loading()}</p>}>
          <PaymentElementCheckout
            payment={{ amountCents: booking.priceCents, clientSecret: secret, publishableKey }}
            onClose={onClose}
            returnPath={`/court-booking/${booking.id}`}
          />
        </Suspense>
      ) : (
        <>
          {checkoutUrl ? null : (
            <div className="mt-3">
              <Notice tone="error">{m.checkout_unavailable()}</Notice>
            </div>
          )}
          <div className="mt-5 flex flex-col gap-2">
            <Button
              size="lg"
              block
              loading={leaving}
              disabled={!checkoutUrl}
              onClick={() => {
                if (!checkoutUrl) return;
                setLeaving(true);
                window.location.assign(checkoutUrl);
              }}
            >
              {m.checkout_pay()}
            </Button>
            <Button variant="ghost" block onClick={onClose}>
              {m.checkout_later()}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
