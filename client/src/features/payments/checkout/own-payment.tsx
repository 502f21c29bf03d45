import { cashRequestPending } from "@shared/rules/payment-display";
import { useQuery } from "@tanstack/react-query";
import { CreditCard, RotateCcw, type LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { appErrorCode } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { formatCountdown, useSecondsLeft } from "./countdown";
import { rememberReservation } from "./reservation-memory";
import { usePaymentActions } from "./use-payment-actions";

type Own = { id: number; queue: boolean; playerCount: number; paymentStatus: string };

/**
 * The reservation of the viewer's unpaid place (managed payment, Open): its deadline from
 * participation.payment, remembered in this tab (so "Reservierung abgelaufen" stays once the server
 * revoked the place), and whether it ran out on this device's clock. A pending cash request holds the
 * place until the organiser answers (server: cash.ts): no deadline then; the answer (a decline restarts
 * the reservation) is read again when the request state changes.
 */
export function useReservation(game: TGame, own: Own | null): { expiresAt: Date | null; secondsLeft: number | null; ranOut: boolean } {
  const open = game.isManagedPayment && own !== null && !own.queue && own.paymentStatus === "Open" && !game.cancelledAt;
  const query = useQuery(trpc.participation.payment.queryOptions({ participationId: own?.id ?? 0 }, { retry: false, staleTime: 0, enabled: open }));
  const viewer = game.viewer.participation;
  const cashPending = viewer !== null && cashRequestPending(viewer);
  const requestState = `${viewer?.requestedExternalPaymentAt?.getTime() ?? ""}/${viewer?.declinedExternalPaymentAt?.getTime() ?? ""}`;
  const seenState = useRef(requestState);
  const { refetch } = query;
  useEffect(() => {
    if (seenState.current === requestState) return;
    seenState.current = requestState;
    if (open) void refetch();
  }, [requestState, refetch, open]);
  const expiresAt = open && !cashPending ? (query.data?.expiresAt ?? null) : null;
  const left = useSecondsLeft(expiresAt);
  const ownId = own?.id ?? null;
  const playerCount = own?.playerCount ?? 1;
  useEffect(() => {
    if (expiresAt && ownId !== null) rememberReservation(game.id, { participationId: ownId, playerCount, expiresAt: expiresAt.toISOString() });
  }, [game.id, ownId, playerCount, expiresAt]);
  const ranOut = open && !cashPending && ((query.isError && appErrorCode(query.error) === "RESERVATION_EXPIRED") || left === 0);
  return { expiresAt, secondsLeft: left, ranOut };
}

/** The reservation's countdown, for the status line of the own participation. */
export function ReservationTimer({ seconds }: { seconds: number | null }) {
  if (seconds === null) return null;
  return (
    <span role="timer" aria-label={m.checkout_countdown_label()} className="rounded-full bg-white px-2.5 py-0.5 text-[16px] font-extrabold tabular-nums ring-1 ring-amber-200">
      {formatCountdown(seconds)}
    </span>
  );
}

/** A payment action, with the error of its last try above it. */
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

/** "Jetzt bezahlen" for the viewer's unpaid place. */
export function PayNowAction({ game, participationId }: { game: TGame; participationId: number }) {
  const actions = usePaymentActions(game);
  return <BoxAction error={actions.error} icon={CreditCard} label={m.checkout_pay()} loading={actions.paying} onClick={() => void actions.pay(participationId)} />;
}

/** The retry after "Reservierung abgelaufen" (spec 000 section 8): join again, pay again. */
export function RetryReservationAction({ game, playerCount }: { game: TGame; playerCount: number }) {
  const actions = usePaymentActions(game);
  return <BoxAction error={actions.error} icon={RotateCcw} label={m.checkout_retry()} loading={actions.rejoining} onClick={() => void actions.rejoin(playerCount)} />;
}
