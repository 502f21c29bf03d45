import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import {
  ArrowLeft,
  CalendarDays,
  Check,
  CircleX,
  Clock,
  CreditCard,
  Hourglass,
  LoaderCircle,
  MapPin,
  RefreshCw,
  SearchX,
  Timer,
  TriangleAlert,
  Undo2,
  UserRound,
  Warehouse,
} from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { formatMoney } from "@shared/rules/money";
import type { TCourtBooking } from "@shared/schemas/bookings";
import { Button } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { NotFoundState } from "@client/components/not-found-state";
import { Notice } from "@client/components/notice";
import { PagePlaceholder } from "@client/components/page-placeholder";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { AddToCalendarButton } from "@client/features/calendar-event/add-to-calendar-button";
import { CourtImage } from "@client/features/courts/court-bits";
import { formatDateTime, formatLongDate } from "@client/lib/format/dates";
import { formatTimeRange, personName } from "./booking-format";
import { AcceptDialog, CancelDialog, DeclineDialog, PayDialog } from "./booking-dialogs";
import { courtBookingQueryOptions, storeBooking } from "./booking-queries";
import { BookingStatusBadge } from "./booking-status-badge";

/** The query the page may be opened with (spec 001 section 2.2): the owner's links and the payment provider's return. */
export type BookingSearch = { action?: "accept" | "decline"; redirect_status?: string; payment_intent?: string; payment_intent_client_secret?: string };

const ONE_SHOT_PARAMS = ["action", "redirect_status", "payment_intent", "payment_intent_client_secret"];
/** After the provider's return the server may not have the payment's word yet: ask again this often, this far apart. */
const CONFIRM_TRIES = 4;
const CONFIRM_WAIT_MS = 1_500;

type Dialog = "accept" | "decline" | "cancel" | "pay" | null;
type Confirm = "idle" | "checking" | "pending" | "failed";

/**
 * Reads ?action and the provider's ?redirect_status once, then removes them from the address without a
 * history entry, so a reload or the back button never acts again. Only afterwards are the dialogs
 * opened (modals close on any address change).
 */
function useOneShotQuery(search: BookingSearch): { action: "accept" | "decline" | null; redirect: string | null; ready: boolean } {
  const router = useRouter();
  const navigate = useNavigate();
  const [first] = useState(() => ({ action: search.action ?? null, redirect: search.redirect_status ?? null }));
  const [ready, setReady] = useState(first.action === null && first.redirect === null);
  useEffect(() => {
    if (ready) return;
    const location = router.latestLocation;
    const params = new URLSearchParams(location.searchStr);
    for (const name of ONE_SHOT_PARAMS) params.delete(name);
    const query = params.toString();
    void navigate({ href: `${location.pathname}${query ? `?${query}` : ""}`, replace: true }).then(() => setReady(true));
    // once, for the parameters the page was opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { ...first, ready };
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 py-2.5">
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">{icon}</span>
      <div className="min-w-0 flex-1">
        <dt className="text-[12px] font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd className="text-[16px] leading-snug font-semibold text-slate-900">{children}</dd>
      </div>
    </div>
  );
}

function MoneyRow({ label, value, strong = false, muted = false, testId }: { label: ReactNode; value: ReactNode; strong?: boolean; muted?: boolean; testId?: string }) {
  return (
    <div data-testid={testId} className={`flex items-baseline justify-between gap-3 py-1.5 ${strong ? "border-t border-slate-200 pt-2.5" : ""}`}>
      <dt className={`text-[15px] ${strong ? "font-bold text-slate-900" : muted ? "text-slate-500" : "text-slate-700"}`}>{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-[20px] font-extrabold text-slate-900" : "text-[15px] font-semibold text-slate-800"}`}>{value}</dd>
    </div>
  );
}

/** What the status means for the one looking, and what comes next. */
function StatusExplainer({ booking }: { booking: TCourtBooking }) {
  const { locale } = useLocale();
  const owner = booking.viewer.isOwner && !booking.viewer.isRenter;
  const renter = booking.renter.firstName;
  const rentee = booking.rentee?.firstName ?? "";
  const due = booking.paymentDueAt ? formatDateTime(booking.paymentDueAt, locale) : null;
  let tone = "bg-slate-50 text-slate-800 ring-slate-200";
  let Icon = Clock;
  let text = "";
  switch (booking.status) {
    case "RE":
      tone = "bg-sky-50 text-sky-950 ring-sky-200";
      Icon = Hourglass;
      text = owner ? m.booking_explain_re_owner({ name: renter }) : m.booking_explain_re_renter({ name: rentee });
      break;
    case "TP":
      tone = "bg-amber-50 text-amber-950 ring-amber-200";
      Icon = CreditCard;
      text = owner
        ? m.booking_explain_tp_owner({ name: renter, when: due ?? "–" })
        : due
          ? m.booking_explain_tp_renter({ when: due })
          : m.booking_explain_tp_renter_plain();
      break;
    case "BO":
      tone = "bg-pitch-50 text-pitch-900 ring-pitch-200";
      Icon = Check;
      text = owner ? m.booking_explain_bo_owner() : m.booking_explain_bo_renter();
      break;
    case "DE":
      tone = "bg-red-50 text-red-900 ring-red-200";
      Icon = CircleX;
      text = owner ? m.booking_explain_de_owner() : m.booking_explain_de_renter();
      break;
    case "CA":
      Icon = Undo2;
      text = m.booking_explain_ca();
      break;
    default:
      text = m.booking_status_OP();
  }
  return (
    <div data-testid="booking-explainer" className={`flex items-start gap-3 rounded-2xl px-4 py-3 ring-1 ${tone}`}>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p className="text-[15px] leading-snug">{text}</p>
    </div>
  );
}

function ConfirmState({ confirm, onRetry }: { confirm: Confirm; onRetry: () => void }) {
  if (confirm === "checking") {
    return (
      <div role="status" className="flex items-center gap-3 rounded-2xl bg-sky-50 px-4 py-3 text-sky-950 ring-1 ring-sky-200">
        <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin" />
        <p className="text-[15px] font-semibold">{m.booking_payment_checking()}</p>
      </div>
    );
  }
  if (confirm === "pending") {
    return (
      <div data-testid="payment-being-checked" className="rounded-2xl bg-sky-50 px-4 py-3 text-sky-950 ring-1 ring-sky-200">
        <p className="flex items-center gap-2 text-[16px] font-extrabold">
          <Timer aria-hidden className="size-5" />
          {m.booking_payment_pending_title()}
        </p>
        <p className="mt-1 text-[14px] leading-snug">{m.booking_payment_pending_text()}</p>
        <Button className="mt-3" variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden className="size-5" />
          {m.booking_payment_refresh()}
        </Button>
      </div>
    );
  }
  if (confirm === "failed") return <Notice tone="error">{m.booking_payment_failed()}</Notice>;
  return null;
}

function BookingDetails({ booking, search }: { booking: TCourtBooking; search: BookingSearch }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const oneShot = useOneShotQuery(search);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirm, setConfirm] = useState<Confirm>("idle");
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const [staleAction, setStaleAction] = useState(false);
  const handled = useRef(false);
  const update = useMutation(trpc.bookings.update.mutationOptions());
  const v = booking.viewer;
  const ownerView = v.isOwner && !v.isRenter;

  /** "I paid": the server asks the provider; while it has no word yet, a few more tries, then the "being checked" state. */
  async function confirmPayment() {
    setConfirm("checking");
    setConfirmError(null);
    for (let attempt = 1; attempt <= CONFIRM_TRIES; attempt++) {
      try {
        storeBooking(queryClient, await update.mutateAsync({ id: booking.id, status: "BO" }));
        setConfirm("idle");
        return;
      } catch (error) {
        if (appErrorCode(error) !== "BOOKING_PAYMENT_PENDING") {
          setConfirm("idle");
          setConfirmError(error);
          void queryClient.invalidateQueries({ queryKey: trpc.bookings.get.queryKey({ id: booking.id }) });
          return;
        }
        if (attempt < CONFIRM_TRIES) await new Promise((resolve) => window.setTimeout(resolve, CONFIRM_WAIT_MS));
      }
    }
    setConfirm("pending");
  }

  useEffect(() => {
    if (!oneShot.ready || handled.current) return;
    handled.current = true;
    if (oneShot.redirect === "succeeded" && v.isRenter && booking.status === "TP") void confirmPayment();
    else if (oneShot.redirect !== null && oneShot.redirect !== "succeeded" && booking.status === "TP") setConfirm("failed");
    if (oneShot.action === "accept" && v.canAccept) setDialog("accept");
    else if (oneShot.action === "decline" && v.canDecline) setDialog("decline");
    // the owner's link asked for something this booking no longer allows (already answered, cancelled)
    else if (oneShot.action !== null) setStaleAction(true);
    // once the one-shot query is read and gone
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [oneShot.ready]);


  const hasActions = v.canAccept || v.canDecline || v.canPay || v.canCancel;
  return (
    <div className="pb-28">
      <div className="relative">
        {booking.court.imageUrl ? (
          <CourtImage src={booking.court.imageUrl} alt="" className="h-32 w-full" />
        ) : (
          <div className="h-24 bg-gradient-to-br from-pitch-600 to-pitch-900" />
        )}
        <div className="absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-black/40 to-transparent" />
      </div>

      <div className="space-y-5 px-4 pt-4">
        <header>
          <Link
            to={ownerView ? "/court-bookings/rent" : "/court-bookings"}
            className="-ml-1 inline-flex min-h-9 items-center gap-1 px-1 text-[14px] font-semibold text-pitch-700"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {ownerView ? m.booking_rentals_title() : m.booking_list_title()}
          </Link>
          <div className="mt-1 flex items-center gap-2">
            <BookingStatusBadge status={booking.status} />
            <span className="text-[13px] font-semibold text-slate-500">{m.booking_number({ id: String(booking.id) })}</span>
          </div>
          <h1 className="mt-2 text-[24px] leading-tight font-extrabold tracking-tight text-slate-900">
            <Link to="/court/$courtId" params={{ courtId: String(booking.court.id) }} className="hover:underline">
              {booking.court.name}
            </Link>
          </h1>
          {booking.court.address ? (
            <p className="mt-1 flex items-start gap-1.5 text-[14px] text-slate-600">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
              {booking.court.address}
            </p>
          ) : null}
        </header>

        {staleAction ? <Notice tone="info">{m.booking_action_stale()}</Notice> : null}
        <ConfirmState confirm={confirm} onRetry={() => void confirmPayment()} />
        {confirmError ? <Notice tone="error">{errorMessage(confirmError)}</Notice> : null}
        <StatusExplainer booking={booking} />

        <section aria-labelledby="booking-when" className="rounded-3xl border border-slate-200 bg-white px-4 py-1.5">
          <h2 id="booking-when" className="sr-only">
            {m.booking_details_title()}
          </h2>
          <dl className="divide-y divide-slate-100">
            <Row icon={<CalendarDays aria-hidden className="size-4" />} label={m.booking_date()}>
              {formatLongDate(booking.startTime, locale)}
            </Row>
            <Row icon={<Clock aria-hidden className="size-4" />} label={m.booking_time()}>
              <span className="tabular-nums">{formatTimeRange(booking.startTime, booking.endTime, locale)}</span>
              <span className="text-slate-500"> · {m.booking_minutes({ minutes: String(booking.duration) })}</span>
            </Row>
            <Row icon={<Warehouse aria-hidden className="size-4" />} label={m.booking_sub_court()}>
              {booking.subCourt?.name ?? <span className="font-medium text-slate-500">{booking.status === "RE" ? m.booking_sub_court_open() : "–"}</span>}
            </Row>
            <Row icon={<UserRound aria-hidden className="size-4" />} label={m.booking_renter()}>
              {personName(booking.renter)}
            </Row>
            <Row icon={<UserRound aria-hidden className="size-4" />} label={m.booking_rentee()}>
              {personName(booking.rentee)}
            </Row>
          </dl>
        </section>
        {booking.status !== "CA" && booking.status !== "DE" ? (
          <AddToCalendarButton
            event={{
              kind: "booking",
              id: booking.id,
              title: m.calendar_event_booking_title({ court: booking.court.name }),
              start: booking.startTime,
              end: booking.endTime,
              location: [booking.court.name, booking.subCourt?.name, booking.court.address].filter(Boolean).join(", ") || null,
            }}
          />
        ) : null}

        <section aria-labelledby="booking-price" className="rounded-3xl border border-slate-200 bg-white px-4 py-3">
          <h2 id="booking-price" className="mb-1 text-[17px] font-extrabold text-slate-900">
            {m.booking_price_title()}
          </h2>
          <dl>
            <MoneyRow
              label={m.booking_list_price()}
              value={booking.discount ? <s className="text-slate-500">{formatMoney(booking.listPriceCents, locale)}</s> : formatMoney(booking.listPriceCents, locale)}
            />
            {booking.discount ? (
              <MoneyRow
                testId="booking-discount"
                label={m.booking_discount_row({ name: booking.discount.name, percent: String(booking.discount.relativeAmount) })}
                value={<span className="text-amber-700">−{formatMoney(booking.listPriceCents - booking.priceCents, locale)}</span>}
              />
            ) : null}
            <MoneyRow strong testId="booking-total" label={m.booking_price()} value={formatMoney(booking.priceCents, locale)} />
            {v.isOwner ? (
              <>
                <MoneyRow muted label={m.booking_fee()} value={`−${formatMoney(booking.feeCents, locale)}`} />
                <MoneyRow
                  testId="booking-earning"
                  label={<span className="font-bold text-pitch-800">{m.booking_earning()}</span>}
                  value={<span className="text-[17px] font-extrabold text-pitch-800">{formatMoney(booking.earningCents, locale)}</span>}
                />
              </>
            ) : null}
          </dl>
        </section>

        {hasActions ? (
          <section aria-label={m.booking_actions()} className="space-y-2">
            {v.canPay ? (
              <Button size="lg" block onClick={() => setDialog("pay")}>
                <CreditCard aria-hidden className="size-5" />
                {m.booking_pay({ amount: formatMoney(booking.priceCents, locale) })}
              </Button>
            ) : null}
            {v.canAccept ? (
              <Button size="lg" block onClick={() => setDialog("accept")}>
                <Check aria-hidden className="size-5" />
                {m.booking_accept()}
              </Button>
            ) : null}
            {v.canDecline ? (
              <Button size="lg" block variant="danger" onClick={() => setDialog("decline")}>
                <CircleX aria-hidden className="size-5" />
                {m.booking_decline()}
              </Button>
            ) : null}
            {v.canCancel ? (
              <Button block variant={v.canDecline ? "ghost" : "danger"} onClick={() => setDialog("cancel")}>
                <Undo2 aria-hidden className="size-5" />
                {booking.status === "RE" && v.isRenter ? m.booking_withdraw() : m.booking_cancel()}
              </Button>
            ) : null}
          </section>
        ) : null}
      </div>

      {dialog === "accept" ? <AcceptDialog booking={booking} onClose={() => setDialog(null)} /> : null}
      {dialog === "decline" ? <DeclineDialog booking={booking} onClose={() => setDialog(null)} /> : null}
      {dialog === "cancel" ? <CancelDialog booking={booking} onClose={() => setDialog(null)} /> : null}
      {dialog === "pay" ? <PayDialog booking={booking} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

export function BookingNotFound() {
  useLocale();
  return <NotFoundState icon={<SearchX aria-hidden className="size-10" />} title={m.error_COURT_BOOKING_NOT_FOUND()} to="/court-bookings" action={m.booking_list_title()} />;
}

/** /court-booking/{id} (spec 001 sections 2.2, 2.8): a court booking with its price, the owner's answer and the renter's payment. */
export function BookingScreen({ bookingId, search }: { bookingId: number; search: BookingSearch }) {
  useLocale();
  const booking = useQuery(courtBookingQueryOptions(bookingId));
  if (booking.isPending) return <PagePlaceholder />;
  if (booking.isError) {
    if (appErrorCode(booking.error) === "COURT_BOOKING_NOT_FOUND") return <BookingNotFound />;
    return (
      <div className="px-4 pt-8">
        <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
          <p role="alert" className="text-[16px] font-semibold text-slate-800">
            {m.booking_load_error()}
          </p>
          <Button className="mt-4" variant="outline" loading={booking.isFetching} onClick={() => void booking.refetch()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.court_retry()}
          </Button>
        </EmptyState>
      </div>
    );
  }
  return <BookingDetails booking={booking.data} search={search} />;
}
