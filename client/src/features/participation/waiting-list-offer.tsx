import { useMutation, useQuery } from "@tanstack/react-query";
import { BellRing, Check, Clock, X } from "lucide-react";
import { useEffect } from "react";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { formatTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { formatCountdown, useSecondsLeft } from "@client/features/payments/checkout/countdown";
import { usePaymentActions } from "@client/features/payments/checkout/use-payment-actions";
import type { OwnParticipation } from "./own-participation";
import { useGameRefresh } from "./use-game-refresh";

/**
 * A waiting-list offer close to kick-off (issue 29; server/domains/participation/README.md "Waiting-list offers
 * close to kick-off"). The holder sees one status in the participation box: "Ein Platz ist für Dich frei", the
 * deadline counting down, "Annehmen" (managed payment: "Annehmen und bezahlen", which opens the payment step as
 * after moving up) and "Ablehnen". Shown only while the game is less than 24 hours away (the server decides).
 */
export function WaitingListOffer({ game, own, now }: { game: TGame; own: OwnParticipation; now: Date }) {
  const { locale } = useLocale();
  const refresh = useGameRefresh(game.id);
  const input = own.guest ? { gameId: game.id, participationId: own.id, guestToken: own.guest.guestToken } : { gameId: game.id };
  const near = game.cancelledAt === null && game.startTime.getTime() - now.getTime() < 24 * 3600_000 && now < game.startTime;
  const offers = useQuery({ ...trpc.participation.offers.queryOptions(input), enabled: near, refetchInterval: 30_000 });
  const accept = useMutation(trpc.participation.acceptOffer.mutationOptions());
  const decline = useMutation(trpc.participation.declineOffer.mutationOptions());
  const payment = usePaymentActions(game);
  const offer = offers.data?.own ?? null;
  const seconds = useSecondsLeft(offer?.expiresAt ?? null);
  const { refetch } = offers;
  useEffect(() => {
    if (seconds === 0) void refetch();
  }, [seconds, refetch]);

  if (!near || !offer || seconds === 0) return null;
  const managed = offers.data?.managed ?? game.isManagedPayment;
  const busy = accept.isPending || decline.isPending || payment.paying;
  const failure = accept.error ?? decline.error;

  async function take() {
    try {
      const moved = await accept.mutateAsync(input);
      await refresh();
      if (managed && moved.paymentStatus === "Open") await payment.pay(moved.participationId);
      else showToast(m.offer_accepted_toast());
    } catch {
      void refetch();
    }
  }

  async function pass() {
    try {
      await decline.mutateAsync(input);
      showToast(m.offer_declined_toast());
      await Promise.all([refresh(), refetch()]);
    } catch {
      void refetch();
    }
  }

  return (
    <section data-testid="waiting-list-offer" aria-labelledby="offer-title" className="mt-3 rounded-2xl bg-white p-3.5 ring-2 ring-pitch-500 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 id="offer-title" className="flex items-center gap-2 text-[17px] font-extrabold leading-tight text-pitch-900">
          <BellRing aria-hidden className="size-5 shrink-0 text-pitch-700" />
          {m.offer_title()}
        </h3>
        <span role="timer" aria-label={m.offer_countdown_label()} className="shrink-0 rounded-full bg-pitch-50 px-2.5 py-0.5 text-[16px] font-extrabold tabular-nums text-pitch-900 ring-1 ring-pitch-200">
          {formatCountdown(seconds ?? 0)}
        </span>
      </div>
      <p className="mt-1.5 flex items-start gap-2 text-[15px] leading-snug text-slate-700">
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
        {m.offer_until({ time: formatTime(offer.expiresAt, locale) })}
      </p>
      {failure || payment.error ? (
        <div className="mt-3">
          <Notice tone="error">{payment.error ?? errorMessage(failure)}</Notice>
        </div>
      ) : null}
      <div className="mt-3 grid grid-cols-[1fr_auto] gap-2">
        <Button block loading={accept.isPending || payment.paying} disabled={busy} onClick={() => void take()}>
          <Check aria-hidden className="size-5" />
          {managed ? m.offer_accept_pay() : m.offer_accept()}
        </Button>
        <Button variant="secondary" loading={decline.isPending} disabled={busy} onClick={() => void pass()}>
          <X aria-hidden className="size-5" />
          {m.offer_decline()}
        </Button>
      </div>
    </section>
  );
}

/**
 * The organiser's view of the open offers: who holds one until when ("Angebot bis 18:30 Uhr"), above the player
 * list. Only those who manage the game get holders from the server; everyone else sees nothing here.
 */
export function WaitingListOfferHolders({ game, now }: { game: TGame; now: Date }) {
  const { locale } = useLocale();
  const near = game.cancelledAt === null && game.startTime.getTime() - now.getTime() < 24 * 3600_000 && now < game.startTime;
  const manages = game.viewer.canManage;
  const offers = useQuery({ ...trpc.participation.offers.queryOptions({ gameId: game.id }), enabled: near && manages, refetchInterval: 30_000 });
  const holders = (offers.data?.holders ?? []).filter((h) => h.expiresAt > now);
  if (!near || !manages || holders.length === 0) return null;
  return (
    <section data-testid="waiting-list-offer-holders" className="rounded-2xl bg-amber-50 px-3.5 py-3 ring-1 ring-amber-200">
      <h3 className="flex items-center gap-2 text-[15px] font-extrabold text-amber-950">
        <BellRing aria-hidden className="size-4 shrink-0" />
        {m.offer_holders_title()}
      </h3>
      <ul className="mt-1.5 space-y-1">
        {holders.map((h) => (
          <li key={h.participationId} className="flex items-center justify-between gap-3 text-[15px]">
            <span className="min-w-0 truncate font-bold text-slate-900">{h.name}</span>
            <span className="shrink-0 rounded-full bg-white px-2.5 py-0.5 text-[14px] font-bold tabular-nums text-amber-900 ring-1 ring-amber-200">
              {m.offer_holder({ time: formatTime(h.expiresAt, locale) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
