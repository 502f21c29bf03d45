import { useMutation } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { Ban, BadgeCheck, Banknote, CircleX, Download, Hourglass, ListOrdered, LoaderCircle, RotateCcw, Wallet, type LucideIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { formatMoney } from "@shared/rules/money";
import { TOURNAMENT_TEAM, type TMyTeam } from "@shared/schemas/tournament-teams";
import type { TTournament } from "@shared/schemas/tournaments";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { StatusBox } from "@client/components/status-box";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { InvoiceForm } from "../invoice-form";
import { readPaymentReturn, searchWithoutReturn, type PaymentReturn } from "../payment-return";
import { teamStatusKind, type TeamStatusKind } from "./registration-rules";
import { useTeamCheckout } from "./team-checkout";
import { useMyTeams, useTeamsChanged } from "./team-queries";

/** After the wait, while the team is still Open, the page asks again this often, this many times (then says it takes long). */
const CONFIRM_POLL_MS = 3_000;
const CONFIRM_POLLS = 10;

type Status = { title: string; text: string; tone: "info" | "success" | "warning" | "error"; icon: LucideIcon };

function statusOf(kind: TeamStatusKind, team: TMyTeam): Status {
  switch (kind) {
    case "waiting":
      return {
        title: team.waitingPosition ? m.tteam_status_waiting({ position: String(team.waitingPosition) }) : m.tteam_status_waiting_plain(),
        text: m.tteam_status_waiting_text(),
        tone: "warning",
        icon: ListOrdered,
      };
    case "open":
      return { title: m.tteam_status_open(), text: m.tteam_status_open_text(), tone: "warning", icon: Wallet };
    case "registered":
      return { title: m.tteam_status_registered(), text: m.tteam_status_registered_text(), tone: "success", icon: BadgeCheck };
    case "paid":
      return { title: m.tteam_status_paid(), text: m.tteam_status_paid_text(), tone: "success", icon: BadgeCheck };
    case "paidCash":
      return { title: m.tteam_status_paid_cash(), text: m.tteam_status_paid_text(), tone: "success", icon: Banknote };
    case "refunded":
      return { title: m.tteam_status_refunded(), text: m.tteam_status_refunded_text(), tone: "error", icon: RotateCcw };
    case "cancelled":
      return { title: m.tteam_status_cancelled(), text: m.tteam_status_cancelled_text(), tone: "error", icon: Ban };
  }
}

type Confirming = "waiting" | "checking" | "slow";

/**
 * The return from the payment page (spec 001 sections 2.10, 9): the parameters are read once and removed from the
 * address; "succeeded" waits TOURNAMENT_TEAM.paymentReturnWaitMs (the webhook is on its way), then reads the teams
 * again, and again every few seconds while the team is still Open; "failed" opens a modal with a retry.
 */
function usePaymentReturn(teams: TMyTeam[] | undefined, refetch: () => Promise<unknown>) {
  const router = useRouter();
  const navigate = useNavigate();
  const [returned] = useState<PaymentReturn | null>(() => readPaymentReturn(router.latestLocation.searchStr));
  const [confirming, setConfirming] = useState<Confirming | null>(returned?.status === "succeeded" ? "waiting" : null);
  const [failedOpen, setFailedOpen] = useState(returned?.status === "failed");
  const [polls, setPolls] = useState(0);
  // Modals close on every change of the address: the failed one opens once the parameters are gone.
  const [cleaned, setCleaned] = useState(returned === null);

  useEffect(() => {
    if (!returned) return;
    const location = router.latestLocation;
    void navigate({ href: `${location.pathname}${searchWithoutReturn(location.searchStr)}`, replace: true }).then(() => setCleaned(true));
    // once, for the parameters the page was opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (confirming !== "waiting") return;
    const timer = window.setTimeout(() => {
      setConfirming("checking");
      void refetch();
    }, TOURNAMENT_TEAM.paymentReturnWaitMs);
    return () => window.clearTimeout(timer);
  }, [confirming, refetch]);

  const team = returned?.participationId ? teams?.find((t) => t.id === returned.participationId) : undefined;
  const stillOpen = team !== undefined && team.paymentStatus === "Open" && !team.cancelledAt;

  useEffect(() => {
    if (confirming !== "checking") return;
    if (!stillOpen) {
      if (team) showToast(m.tteam_return_paid_toast());
      setConfirming(null);
      return;
    }
    if (polls >= CONFIRM_POLLS) {
      setConfirming("slow");
      return;
    }
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      void refetch();
    }, CONFIRM_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [confirming, stillOpen, team, polls, refetch]);

  // "slow" ends too once the confirmation is in (the page is read again on focus)
  useEffect(() => {
    if (confirming === "slow" && !stillOpen) setConfirming(null);
  }, [confirming, stillOpen]);

  return {
    confirmingId: confirming && returned?.participationId ? returned.participationId : null,
    confirming,
    failedTeam: failedOpen ? (team ?? null) : null,
    failedOpen: failedOpen && cleaned,
    closeFailed: () => setFailedOpen(false),
  };
}

function WithdrawDialog({ team, onClose }: { team: TMyTeam; onClose: () => void }) {
  const teamsChanged = useTeamsChanged(team.tournamentId);
  const cancel = useMutation(trpc.tournaments.cancelRegistration.mutationOptions());
  async function confirm() {
    try {
      await cancel.mutateAsync({ participationId: team.id });
      showToast(m.tteam_withdrawn_toast());
      await teamsChanged();
      onClose();
    } catch {
      // shown below
    }
  }
  return (
    <Modal open onClose={onClose} title={m.tteam_withdraw_title()}>
      <p className="text-[15px] leading-relaxed text-slate-700">{m.tteam_withdraw_text({ team: team.teamName })}</p>
      {cancel.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(cancel.error)}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button variant="destructive" size="lg" block loading={cancel.isPending} onClick={() => void confirm()}>
          {m.tteam_withdraw_confirm()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.common_cancel()}
        </Button>
      </div>
    </Modal>
  );
}

function TeamCard({ team, confirming }: { team: TMyTeam; confirming: Confirming | null }) {
  const { locale } = useLocale();
  const checkout = useTeamCheckout();
  const [withdrawing, setWithdrawing] = useState(false);
  const kind = teamStatusKind(team);
  const status = statusOf(kind, team);
  const active = kind !== "cancelled" && kind !== "refunded";
  const waitingForConfirmation = confirming !== null && kind === "open";
  return (
    <li className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5" data-testid="my-team" data-status={kind}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-[18px] font-extrabold break-words text-slate-900">{team.teamName}</h3>
        <p className="shrink-0 pt-0.5 text-[14px] text-slate-600 tabular-nums">
          {m.tteam_team_facts({ count: String(team.playerCount), amount: formatMoney(team.amountCents, locale) })}
        </p>
      </div>
      <div className="mt-3">
        {waitingForConfirmation ? (
          <div role="status" data-testid="payment-confirming">
            <StatusBox tone="info" icon={confirming === "slow" ? Hourglass : LoaderCircle} title={m.tteam_return_waiting_title()} text={confirming === "slow" ? m.tteam_return_still_open() : m.tteam_return_waiting_text()} />
          </div>
        ) : (
          <StatusBox tone={status.tone} icon={status.icon} title={status.title} text={status.text} testId="my-team-status" />
        )}
      </div>
      {active && !team.dataComplete ? <InvoiceForm team={team} /> : null}
      {checkout.error ? (
        <div className="mt-3">
          <Notice tone="error">{checkout.error}</Notice>
        </div>
      ) : null}
      {team.canPay && team.dataComplete && !waitingForConfirmation ? (
        <Button size="lg" block className="mt-4" loading={checkout.pending} onClick={() => void checkout.start(team)}>
          {m.tteam_pay_now({ amount: formatMoney(team.amountCents, locale, "compact") })}
        </Button>
      ) : null}
      {team.invoiceUrl ? (
        <a href={team.invoiceUrl} download className="mt-3 flex min-h-11 items-center gap-2 text-[15px] font-semibold text-pitch-700 hover:underline">
          <Download aria-hidden className="size-5" />
          {m.tteam_invoice_download()}
        </a>
      ) : null}
      {team.cancellationInvoiceUrl ? (
        <a href={team.cancellationInvoiceUrl} download className="mt-1 flex min-h-11 items-center gap-2 text-[15px] font-semibold text-pitch-700 hover:underline">
          <Download aria-hidden className="size-5" />
          {m.tteam_cancellation_invoice_download()}
        </a>
      ) : null}
      {team.canCancel && active ? (
        <Button variant="ghost" block className="mt-2" onClick={() => setWithdrawing(true)}>
          {m.tteam_withdraw()}
        </Button>
      ) : null}
      {withdrawing ? <WithdrawDialog team={team} onClose={() => setWithdrawing(false)} /> : null}
      {checkout.dialog}
    </li>
  );
}

function PaymentFailedModal({ team, onClose }: { team: TMyTeam | null; onClose: () => void }) {
  const checkout = useTeamCheckout();
  return (
    <Modal open onClose={onClose} title={m.tteam_return_failed_title()}>
      <div className="flex flex-col items-center text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-red-100 text-red-700">
          <CircleX aria-hidden className="size-8" />
        </span>
        <p className="mt-3 text-[15px] leading-relaxed text-slate-700">{m.tteam_return_failed_text()}</p>
      </div>
      {checkout.error ? (
        <div className="mt-3">
          <Notice tone="error">{checkout.error}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        {team?.canPay ? (
          <Button size="lg" block loading={checkout.pending} onClick={() => void checkout.start(team)}>
            {m.checkout_retry()}
          </Button>
        ) : null}
        <Button variant="ghost" block onClick={onClose}>
          {m.checkout_close()}
        </Button>
      </div>
      {checkout.dialog}
    </Modal>
  );
}

/**
 * The viewer's teams on the tournament page (spec 001 sections 2.10, 3, 4): each with its status shown once, the
 * invoice form while a business team's data is missing, "Weiter zur Zahlung", the invoice download and withdrawing;
 * and the return from the payment page. Nothing for visitors without a team.
 */
export function MyTeams({ tournament }: { tournament: TTournament }) {
  const query = useMyTeams(tournament.id);
  const { refetch } = query;
  const flow = usePaymentReturn(query.data, refetch);
  const teams = query.data ?? [];
  if (query.isError) {
    return (
      <div className="space-y-2">
        <Notice tone="error">{m.tteam_load_failed()}</Notice>
        <Button variant="outline" onClick={() => void refetch()}>
          {m.common_retry()}
        </Button>
      </div>
    );
  }
  return (
    <>
      {teams.length > 0 ? (
        <section aria-labelledby="my-teams-title">
          <h2 id="my-teams-title" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
            {teams.length > 1 ? m.tteam_my_teams_title() : m.tteam_my_team_title()}
          </h2>
          <ul className="space-y-3">
            {teams.map((team) => (
              <TeamCard key={team.id} team={team} confirming={flow.confirmingId === team.id ? flow.confirming : null} />
            ))}
          </ul>
        </section>
      ) : null}
      {flow.failedOpen ? <PaymentFailedModal team={flow.failedTeam} onClose={flow.closeFailed} /> : null}
    </>
  );
}
