import { cashRequestPending } from "@shared/rules/payment-display";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CreditCard, RotateCcw, TimerOff, type LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { StatusBox } from "@client/components/status-box";
import { appErrorCode } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { formatCountdown, useSecondsLeft } from "./countdown";
import { rememberReservation } from "./reservation-memory";
import { usePaymentActions } from "./use-payment-actions";

type Own = { id: number; queue: boolean; playerCount: number; paymentStatus: string };

/** "Reservierung abgelaufen" (spec 000 section 8, word for word) with the retry: join again, pay again. */
export function ReservationExpired({ game, playerCount }: { game: TGame; playerCount: number }) {
  const actions = usePaymentActions(game);
  return (
    <StatusBox testId="reservation-expired" tone="error" icon={TimerOff} title={m.checkout_expired_title()} text={m.checkout_expired_text()}>
      <BoxAction error={actions.error} icon={RotateCcw} label={m.checkout_retry()} loading={actions.rejoining} onClick={() => void actions.rejoin(playerCount)} />
    </StatusBox>
  );
}

/** A payment box's action, with the error of its last try above it. */
function BoxAction({ error, icon: Icon, label, loading, onClick }: { error: string | null; icon: LucideIcon; label: string; loading: boolean; onClick: () => void }) {
  return (
    <>
      {error ? (
        <div className="mt-3">
          <Notice tone="error">{error}</Notice>
        </div>
      ) : null}
      <Button block className="mt-3" loading={loading} onClick={onClick}>
        <Icon aria-hidden className="size-5" />
        {label}
      </Button>
    </>
  );
}

function PendingPayment({ game, own }: { game: TGame; own: Own }) {
  const actions = usePaymentActions(game);
  const query = useQuery(trpc.participation.payment.queryOptions({ participationId: own.id }, { retry: false, staleTime: 0 }));
  // A pending cash request holds the place until the organiser answers (server: cash.ts): no countdown
  // then; the answer (a decline restarts the reservation) is read again when the request state changes.
  const viewer = game.viewer.participation;
  const cashPending = viewer !== null && cashRequestPending(viewer);
  const requestState = `${viewer?.requestedExternalPaymentAt?.getTime() ?? ""}/${viewer?.declinedExternalPaymentAt?.getTime() ?? ""}`;
  const seenState = useRef(requestState);
  const { refetch } = query;
  useEffect(() => {
    if (seenState.current === requestState) return;
    seenState.current = requestState;
    void refetch();
  }, [requestState, refetch]);
  const expiresAt = cashPending ? null : (query.data?.expiresAt ?? null);
  const left = useSecondsLeft(expiresAt);
  useEffect(() => {
    if (expiresAt) rememberReservation(game.id, { participationId: own.id, playerCount: own.playerCount, expiresAt: expiresAt.toISOString() });
  }, [game.id, own.id, own.playerCount, expiresAt]);

  const expired = (query.isError && appErrorCode(query.error) === "RESERVATION_EXPIRED") || left === 0;
  if (expired) return <ReservationExpired game={game} playerCount={own.playerCount} />;
  const timer =
    left !== null ? (
      <span role="timer" aria-label={m.checkout_countdown_label()} className="rounded-full bg-white px-2.5 py-0.5 text-[16px] font-extrabold tabular-nums ring-1 ring-amber-200">
        {formatCountdown(left)}
      </span>
    ) : null;
  return (
    <StatusBox
      testId="payment-pending"
      tone="warning"
      title={m.checkout_pending_title()}
      aside={timer}
      text={cashPending ? m.checkout_pending_cash_text() : m.checkout_pending_text()}
    >
      <BoxAction error={actions.error} icon={CreditCard} label={m.checkout_pay()} loading={actions.paying} onClick={() => void actions.pay(own.id)} />
    </StatusBox>
  );
}

/**
 * The payment part of the own participation box in a managed-payment game (spec 000 section 4):
 * Open shows "Zahlung ausstehend" with the countdown and the pay button, then, once the deadline
 * passed, "Reservierung abgelaufen" with a retry; a confirmed payment shows as paid.
 */
export function OwnPayment({ game, own }: { game: TGame; own: Own }) {
  if (!game.isManagedPayment || own.queue) return null;
  if (own.paymentStatus === "Open") return <PendingPayment game={game} own={own} />;
  if (own.paymentStatus === "Expired") return <ReservationExpired game={game} playerCount={own.playerCount} />;
  if (own.paymentStatus === "Approved" || own.paymentStatus === "Captured" || own.paymentStatus === "PaidExternally") {
    return (
      <p data-testid="payment-paid" className="flex items-center gap-2 rounded-2xl bg-white px-3.5 py-2.5 text-[15px] font-bold text-pitch-800 ring-1 ring-pitch-200">
        <CircleCheck aria-hidden className="size-5 shrink-0" />
        {own.paymentStatus === "PaidExternally" ? m.checkout_paid_cash() : m.checkout_paid()}
      </p>
    );
  }
  return null;
}
