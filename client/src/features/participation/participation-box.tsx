import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Banknote, CircleCheck, Clock, CreditCard, Flag, Hourglass, LogOut, Minus, Plus, TimerOff, X, type LucideIcon } from "lucide-react";
import { useEffect, useState } from "react";
import type { PaymentStatus } from "@shared/constants";
import { formatMoney } from "@shared/rules/money";
import { myGameStatus, type MyGameStatus, type MyGameStatusKind } from "@shared/rules/my-game-status";
import { cancellationTerms, isShortNoticeCancellation, paidPlayerCountLocked, playerCountChangeProblem } from "@shared/rules/participation";
import { playersIn } from "@shared/rules/player-list";
import { showReportButton } from "@shared/rules/report";
import type { TGame } from "@shared/schemas/games";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { showToast } from "@client/components/toast";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { errorMessage } from "@client/lib/errors";
import { removeAnonymousParticipations } from "@client/lib/local-records";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { gameQueryOptions } from "@client/features/games/game-query";
import { PayNowAction, ReservationTimer, RetryReservationAction, useReservation } from "@client/features/payments/checkout/own-payment";
import { forgetReservation, rememberedReservation } from "@client/features/payments/checkout/reservation-memory";
import { CashRequest } from "./cash-request";
import { CheckInButton } from "./check-in-button";
import { WaitingListOffer } from "./waiting-list-offer";
import { playerCountLabel } from "./join-rules";
import { waitingPosition, type OwnParticipation } from "./own-participation";
import { useGameRefresh } from "./use-game-refresh";
import { useHydrated } from "@client/lib/hydration";

function CancelParticipationModal({
  game,
  own,
  now,
  open,
  onClose,
}: {
  game: TGame;
  own: OwnParticipation;
  now: Date;
  open: boolean;
  onClose: () => void;
}) {
  const refresh = useGameRefresh(game.id);
  const revoke = useMutation(trpc.participation.revoke.mutationOptions());
  const terms = cancellationTerms({ paymentStatus: own.paymentStatus, start: game.startTime, now, queue: own.queue, paymentCanCancelUntil: own.paymentCanCancelUntil });
  const shortNotice = isShortNoticeCancellation(game.startTime, now);
  // Spec 000 section 4: free until 48 hours before the start; later, money is kept unless replaced.
  const note = own.queue
    ? m.participation_cancel_queue()
    : terms === "chargedUnlessReplaced"
      ? m.participation_cancel_charged()
      : shortNotice
        ? m.participation_cancel_short_notice()
        : m.participation_cancel_free();

  async function confirm() {
    try {
      await revoke.mutateAsync({ gameId: game.id, guestToken: own.guest?.guestToken });
      if (own.guest) removeAnonymousParticipations([own.id]);
      onClose();
      showToast(own.queue ? m.toast_queue_left() : m.toast_participation_cancelled());
      await refresh();
    } catch {
      // shown below
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={own.queue ? m.participation_leave_queue_title() : m.participation_cancel_title()}>
      <p
        className={`rounded-2xl px-3.5 py-3 text-[15px] leading-snug ring-1 ${
          shortNotice && !own.queue ? "bg-amber-50 text-amber-950 ring-amber-200" : "bg-slate-50 text-slate-800 ring-slate-200"
        }`}
      >
        {note}
      </p>
      {revoke.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(revoke.error)}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button variant="destructive" size="lg" block loading={revoke.isPending} onClick={() => void confirm()}>
          {own.queue ? m.participation_leave_queue() : m.participation_cancel_confirm()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {own.queue ? m.participation_leave_queue_keep() : m.participation_cancel_keep()}
        </Button>
      </div>
    </Modal>
  );
}

const STATUS_LOOK: Record<Exclude<MyGameStatusKind, "none" | "gameCancelled">, { icon: LucideIcon; badge: string; box: string; testId?: string }> = {
  in: { icon: CircleCheck, badge: "bg-pitch-600 text-white", box: "border-pitch-200 bg-pitch-50/60" },
  wasIn: { icon: CircleCheck, badge: "bg-pitch-600 text-white", box: "border-pitch-200 bg-pitch-50/60" },
  queued: { icon: Hourglass, badge: "bg-amber-400 text-amber-950", box: "border-amber-200 bg-amber-50/60" },
  wasQueued: { icon: Hourglass, badge: "bg-amber-400 text-amber-950", box: "border-slate-200 bg-slate-50" },
  paymentDue: { icon: CreditCard, badge: "bg-amber-400 text-amber-950", box: "border-amber-300 bg-amber-50", testId: "payment-pending" },
  cashRequested: { icon: Clock, badge: "bg-sky-600 text-white", box: "border-sky-200 bg-sky-50", testId: "cash-requested" },
  cashAllowed: { icon: Banknote, badge: "bg-pitch-600 text-white", box: "border-pitch-200 bg-pitch-50/60", testId: "cash-allowed" },
  reservationExpired: { icon: TimerOff, badge: "bg-red-600 text-white", box: "border-red-200 bg-red-50", testId: "reservation-expired" },
};

/** The one sentence about the viewer's place (shared/rules/my-game-status.ts). */
function statusTitle(status: MyGameStatus, game: TGame, ownId: number | null): string {
  switch (status.kind) {
    case "in":
      return m.participation_in();
    case "wasIn":
      return m.participation_was_in();
    case "queued":
      return m.participation_queued({ position: String(ownId === null ? 1 : waitingPosition(game, ownId)) });
    case "wasQueued":
      return m.participation_was_queued();
    case "paymentDue":
      return m.checkout_pending_title();
    case "cashRequested":
      return m.cash_requested();
    case "cashAllowed":
      return m.participation_cash_allowed_title();
    case "reservationExpired":
      return m.checkout_expired_title();
    default:
      return "";
  }
}

const PAID_BY_CARD: readonly string[] = ["Approved", "Captured"];

/**
 * The viewer's status in this game, from one rule (shared/rules/my-game-status.ts), with what it
 * needs next: the countdown and "Jetzt bezahlen", the cash request, the retry after "Reservierung
 * abgelaufen". When the countdown runs out on screen the game is read again until the server has given
 * the place up, so the player list and the count follow at once.
 */
function useMyStatus(game: TGame, own: OwnParticipation | null, now: Date) {
  const reservation = useReservation(game, own);
  const viewer = game.viewer.participation;
  // The reservation this tab saw is gone after its deadline: the server revoked it (a cancel forgets it).
  // (session storage: read once a page the server drew is hydrated)
  const hydrated = useHydrated();
  const remembered = own === null && hydrated ? rememberedReservation(game.id) : null;
  // (this device's clock, not the page's coarse `now`: a reservation revoked a moment ago is gone already)
  const reservationGone = remembered !== null && new Date(remembered.expiresAt).getTime() <= Date.now() && !game.cancelledAt;
  const rememberedButNotGone = remembered !== null && !reservationGone;
  useEffect(() => {
    if (rememberedButNotGone) forgetReservation(game.id);
  }, [rememberedButNotGone, game.id]);
  const status = myGameStatus({
    gameCancelled: game.cancelledAt !== null,
    over: now.getTime() >= game.endTime.getTime(),
    isManagedPayment: game.isManagedPayment,
    own: own
      ? {
          queue: own.queue,
          paymentStatus: own.paymentStatus as PaymentStatus,
          requestedExternalPaymentAt: viewer?.requestedExternalPaymentAt ?? null,
          declinedExternalPaymentAt: viewer?.declinedExternalPaymentAt ?? null,
          reservationExpiresAt: reservation.ranOut ? new Date(0) : reservation.expiresAt,
        }
      : null,
    reservationGone,
    now,
  });
  // Ran out on this clock while the server still lists the place: ask again until its job has revoked it.
  const revoking = status.kind === "reservationExpired" && own !== null;
  useQuery({ ...gameQueryOptions(game.id), enabled: revoking, refetchInterval: revoking ? 1_000 : false });
  return { status, secondsLeft: reservation.secondsLeft, retryPlayerCount: own?.playerCount ?? remembered?.playerCount ?? 1 };
}

/**
 * The participation box (spec 000 sections 2, 5), at the top of the game page: the viewer's status,
 * said once (issue 23 item 12), with its next step, then the own participation's settings: the player
 * count (plus-one and minus-one rules), ball, bibs, plays-himself, cancelling, and the report button from
 * the start on. On the waiting list only leaving it applies (ball and bibs count for players only); once
 * the game is over it speaks in the past. A cancelled game's banner is the status there.
 */
export function ParticipationBox({ game, own, now }: { game: TGame; own: OwnParticipation | null; now: Date }) {
  const { locale } = useLocale();
  const account = useAccount();
  const refresh = useGameRefresh(game.id);
  const update = useMutation(trpc.participation.update.mutationOptions());
  const [cancelOpen, setCancelOpen] = useState(false);
  const { status, secondsLeft, retryPlayerCount } = useMyStatus(game, own, now);
  if (status.kind === "none" || status.kind === "gameCancelled") return null;
  const look = STATUS_LOOK[status.kind];
  const Icon = look.icon;
  const isAdminOrCreator = Boolean(account && (account.isAdmin || game.viewer.canManage));
  const isGuest = own?.guest != null;
  const started = now.getTime() >= game.startTime.getTime();
  const editable = own !== null && !game.cancelledAt && !started && status.kind !== "reservationExpired";
  // The server's rule for "Ich + n" (shared/rules/participation.ts): one step up or down from the own count.
  const countMayBecome = (to: number) =>
    own !== null &&
    editable &&
    playerCountChangeProblem({
      from: own.playerCount,
      to,
      otherActivePlayers: playersIn(game.participations) - (own.queue ? 0 : own.playerCount),
      maxPlayers: game.maxPlayers,
      isAdminOrCreator,
      isManagedPayment: game.isManagedPayment,
      isGuest,
      queue: own.queue,
      playsHimself: own.playsHimself,
      isSelf: true,
    }) === null;
  // A place paid by card keeps its count (the server refuses a change): no steps, and the reason below.
  const countLocked = own !== null && paidPlayerCountLocked({ isManagedPayment: game.isManagedPayment, queue: own.queue, paymentStatus: own.paymentStatus });
  const addOne = own !== null && !countLocked && countMayBecome(own.playerCount + 1);
  const removeOne = own !== null && !countLocked && countMayBecome(own.playerCount - 1);
  const offerPlaysHimself = Boolean(account && (account.isAdmin || account.organization));
  const report =
    own !== null &&
    showReportButton({
      isParticipant: true,
      isCreator: account?.id === game.creator.id,
      hasReported: own.hasReported,
      queued: own.queue,
      start: game.startTime,
      now,
    });

  async function change(changes: { playerCount?: number; bringsBall?: boolean; bringsBibs?: boolean; playsHimself?: boolean }) {
    if (!own) return;
    try {
      await update.mutateAsync({ participationId: own.id, guestToken: own.guest?.guestToken, ...changes });
      showToast(m.toast_participation_saved());
      await refresh();
    } catch {
      // shown below
    }
  }

  const stepButton =
    "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:border-pitch-600 disabled:opacity-40";
  const amount = formatMoney(game.priceCents * (own?.playerCount ?? 1), locale);

  return (
    <section aria-labelledby="own-participation" data-status={status.kind} className={`rounded-3xl border p-4 ${look.box}`}>
      <div data-testid={look.testId}>
        <div className="flex items-start gap-3">
          <span className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${look.badge}`}>
            <Icon aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="own-participation" className="text-[13px] font-semibold tracking-wide text-slate-600 uppercase">
              {m.participation_title()}
            </h2>
            <p className="text-[17px] font-extrabold text-slate-900">{statusTitle(status, game, own?.id ?? null)}</p>
            {own?.guest ? <p className="text-[14px] text-slate-600">{m.participation_as_guest({ name: own.guest.firstName })}</p> : null}
          </div>
          {status.kind === "paymentDue" ? <ReservationTimer seconds={secondsLeft} /> : null}
        </div>
        {status.kind === "in" && game.isManagedPayment && own && PAID_BY_CARD.includes(own.paymentStatus) ? (
          <p data-testid="payment-paid" className="mt-3 flex items-center gap-2 rounded-2xl bg-white px-3.5 py-2.5 text-[15px] font-bold text-pitch-800 ring-1 ring-pitch-200">
            <CircleCheck aria-hidden className="size-5 shrink-0" />
            {m.participation_paid_card()}
          </p>
        ) : null}
        {status.kind === "cashAllowed" ? <p className="mt-2 text-[15px] leading-snug text-slate-800">{m.participation_cash_allowed_text({ amount })}</p> : null}
        {status.kind === "paymentDue" && own ? (
          <div className="mt-2">
            {status.cashDeclined ? (
              <div data-testid="cash-declined" className="mb-2 rounded-2xl bg-white p-3 text-red-900 ring-1 ring-red-200">
                <p className="flex items-center gap-2 text-[15px] font-extrabold">
                  <X aria-hidden className="size-5 shrink-0" />
                  {m.cash_declined()}
                </p>
                <p className="mt-0.5 text-[14px] leading-snug">{m.cash_declined_hint()}</p>
              </div>
            ) : (
              <p className="text-[14px] leading-snug text-amber-950">{m.checkout_pending_text()}</p>
            )}
            <PayNowAction game={game} participationId={own.id} />
            {status.cashDeclined || own.guest ? null : (
              <div className="mt-2 empty:hidden">
                <CashRequest game={game} />
              </div>
            )}
          </div>
        ) : null}
        {status.kind === "cashRequested" && own ? (
          <div className="mt-2">
            <p className="text-[14px] leading-snug text-sky-950">{m.checkout_pending_cash_text()}</p>
            <PayNowAction game={game} participationId={own.id} />
          </div>
        ) : null}
        {status.kind === "reservationExpired" ? (
          <div className="mt-2">
            <p className="text-[14px] leading-snug text-red-950">{m.checkout_expired_text()}</p>
            <RetryReservationAction game={game} playerCount={retryPlayerCount} />
          </div>
        ) : null}
        {own && !own.queue ? <CheckInButton game={game} own={own} now={now} /> : null}
        {own && own.queue ? <WaitingListOffer game={game} own={own} now={now} /> : null}
      </div>

      {editable && own ? (
        <div className="mt-4 space-y-4 border-t border-slate-900/10 pt-4">
          {own.queue ? null : (
            <div className="flex items-center justify-between gap-3">
              <span id="own-player-count" className="text-[15px] font-semibold text-slate-900">
                {m.participation_players()}
              </span>
              <div role="group" aria-labelledby="own-player-count" className="flex items-center gap-3">
                <button
                  type="button"
                  className={stepButton}
                  disabled={!removeOne || update.isPending}
                  onClick={() => void change({ playerCount: own.playerCount - 1 })}
                  aria-label={m.common_decrease({ label: m.participation_players() })}
                >
                  <Minus aria-hidden className="size-5" />
                </button>
                <output aria-live="polite" className="min-w-16 text-center text-[16px] font-extrabold whitespace-nowrap text-slate-900">
                  {own.playsHimself ? playerCountLabel(own.playerCount) : String(own.playerCount)}
                </output>
                <button
                  type="button"
                  className={stepButton}
                  disabled={!addOne || update.isPending}
                  onClick={() => void change({ playerCount: own.playerCount + 1 })}
                  aria-label={m.common_increase({ label: m.participation_players() })}
                >
                  <Plus aria-hidden className="size-5" />
                </button>
              </div>
            </div>
          )}
          {countLocked ? (
            <p data-testid="paid-count-locked" className="text-[14px] leading-snug text-slate-600">
              {m.participation_paid_count_locked()}
            </p>
          ) : null}
          {offerPlaysHimself && !own.queue ? (
            <SwitchField label={m.join_plays_himself()} checked={own.playsHimself} disabled={update.isPending} onCheckedChange={(v) => void change({ playsHimself: v })} />
          ) : null}
          {own.queue ? null : (
            <>
              <SwitchField label={m.join_brings_ball()} checked={own.bringsBall} disabled={update.isPending} onCheckedChange={(v) => void change({ bringsBall: v })} />
              <SwitchField label={m.join_brings_bibs()} checked={own.bringsBibs} disabled={update.isPending} onCheckedChange={(v) => void change({ bringsBibs: v })} />
            </>
          )}
          {update.isError ? <Notice tone="error">{errorMessage(update.error)}</Notice> : null}
          <Button variant="danger" block onClick={() => setCancelOpen(true)}>
            <LogOut aria-hidden className="size-5" />
            {own.queue ? m.participation_leave_queue() : m.participation_cancel()}
          </Button>
        </div>
      ) : null}

      {own?.hasReported ? (
        <div className="mt-4">
          <Notice tone="info">{m.participation_reported()}</Notice>
        </div>
      ) : null}
      {report ? (
        <Link to="/game/$id/report" params={{ id: String(game.id) }} className={buttonClassName({ variant: "outline", block: true, className: "mt-4" })}>
          <Flag aria-hidden className="size-5" />
          {m.participation_report()}
        </Link>
      ) : null}
      {own ? <CancelParticipationModal game={game} own={own} now={now} open={cancelOpen} onClose={() => setCancelOpen(false)} /> : null}
    </section>
  );
}
