import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CircleCheck, Flag, Hourglass, LogOut, Minus, Plus } from "lucide-react";
import { useState } from "react";
import { canAddOne, canRemoveOne, cancellationTerms, isShortNoticeCancellation } from "@shared/rules/participation";
import { playersIn } from "@shared/rules/player-list";
import { showReportButton } from "@shared/rules/report";
import type { TGame } from "@shared/schemas/games";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { useAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { removeAnonymousParticipations } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { OwnPayment } from "@client/features/payments/checkout/own-payment";
import { CashRequest } from "./cash-request";
import { playerCountLabel } from "./join-rules";
import { waitingPosition, type OwnParticipation } from "./own-participation";
import { useGameRefresh } from "./use-game-refresh";

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

/**
 * The participation box (spec 000 sections 2, 5): the viewer's own participation with the player
 * count (plus-one and minus-one rules), ball, bibs, plays-himself, cancelling, and the report button
 * from the start on. On the waiting list only leaving it applies (ball and bibs count for players
 * only); once the game is over it speaks in the past.
 */
export function ParticipationBox({ game, own, now }: { game: TGame; own: OwnParticipation; now: Date }) {
  const account = useAccount();
  const refresh = useGameRefresh(game.id);
  const update = useMutation(trpc.participation.update.mutationOptions());
  const [cancelOpen, setCancelOpen] = useState(false);
  const isAdminOrCreator = Boolean(account && (account.isAdmin || game.viewer.canManage));
  const isGuest = own.guest !== null;
  const started = now.getTime() >= game.startTime.getTime();
  const over = now.getTime() >= game.endTime.getTime();
  const editable = !game.cancelledAt && !started;
  const addOne =
    editable &&
    canAddOne({
      activePlayers: playersIn(game.participations),
      maxPlayers: game.maxPlayers,
      isAdminOrCreator,
      isManagedPayment: game.isManagedPayment,
      isGuest,
      playerCount: own.playerCount,
      queue: own.queue,
    });
  const removeOne =
    editable &&
    canRemoveOne({ playerCount: own.playerCount, playsHimself: own.playsHimself, isManagedPayment: game.isManagedPayment, isAdminOrCreator, isSelf: true });
  const offerPlaysHimself = Boolean(account && (account.isAdmin || account.organization));
  const report = showReportButton({
    isParticipant: true,
    isCreator: account?.id === game.creator.id,
    hasReported: own.hasReported,
    queued: own.queue,
    start: game.startTime,
    now,
  });

  async function change(changes: { playerCount?: number; bringsBall?: boolean; bringsBibs?: boolean; playsHimself?: boolean }) {
    try {
      await update.mutateAsync({ participationId: own.id, guestToken: own.guest?.guestToken, ...changes });
      await refresh();
    } catch {
      // shown below
    }
  }

  const stepButton =
    "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:border-pitch-600 disabled:opacity-40";

  return (
    <section aria-labelledby="own-participation" className="rounded-3xl border border-pitch-200 bg-pitch-50/60 p-4">
      <div className="flex items-start gap-3">
        <span
          className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${own.queue ? "bg-amber-400 text-amber-950" : "bg-pitch-600 text-white"}`}
        >
          {own.queue ? <Hourglass aria-hidden className="size-5" /> : <CircleCheck aria-hidden className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="own-participation" className="text-[13px] font-semibold tracking-wide text-slate-600 uppercase">
            {m.participation_title()}
          </h2>
          <p className="text-[17px] font-extrabold text-slate-900">
            {own.queue
              ? over
                ? m.participation_was_queued()
                : m.participation_queued({ position: String(waitingPosition(game, own.id)) })
              : over
                ? m.participation_was_in()
                : m.participation_in()}
          </p>
          {own.guest ? <p className="text-[14px] text-slate-600">{m.participation_as_guest({ name: own.guest.firstName })}</p> : null}
        </div>
      </div>
      {game.isManagedPayment && !game.cancelledAt && !over && !own.queue && own.paymentStatus !== "None" ? (
        <div className="mt-4">
          <OwnPayment game={game} own={own} />
        </div>
      ) : null}
      {!over && !own.guest ? (
        <div className="mt-3 empty:hidden">
          <CashRequest game={game} />
        </div>
      ) : null}

      {editable ? (
        <div className="mt-4 space-y-4 border-t border-pitch-200/70 pt-4">
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

      {own.hasReported ? (
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
      <CancelParticipationModal game={game} own={own} now={now} open={cancelOpen} onClose={() => setCancelOpen(false)} />
    </section>
  );
}
