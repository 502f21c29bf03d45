import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Banknote, BellRing, ChevronDown, Download, Mail, MessageCircle, Phone } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { formatMoney } from "@shared/rules/money";
import type { TTeamOverviewRow, TTeamsOverview } from "@shared/schemas/tournament-teams";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { countryName } from "@client/features/payments/countries";
import { teamStatusKind, type TeamStatusKind } from "../registration/registration-rules";
import { useTeamsChanged } from "../registration/team-queries";
import { timeAgo } from "./team-format";

const BADGES: Record<TeamStatusKind, { label: (team: TTeamOverviewRow) => string; className: string }> = {
  open: { label: () => m.tteam_badge_open(), className: "bg-amber-100 text-amber-900" },
  registered: { label: () => m.tteam_status_registered(), className: "bg-pitch-100 text-pitch-800" },
  paid: { label: () => m.tteam_badge_paid(), className: "bg-pitch-100 text-pitch-800" },
  paidCash: { label: () => m.tteam_badge_paid_cash(), className: "bg-pitch-100 text-pitch-800" },
  refunded: { label: () => m.tteam_badge_refunded(), className: "bg-slate-200 text-slate-700" },
  cancelled: { label: () => m.tteam_badge_cancelled(), className: "bg-slate-200 text-slate-700" },
  waiting: { label: (team) => m.tteam_badge_waiting({ position: String(team.waitingPosition ?? "") }).trim(), className: "bg-sky-100 text-sky-900" },
};

type Action = "markPaid" | "cancel";

/** The question before marking paid in cash or withdrawing a team (with its refund); the refusal in place. */
function ActionDialog({ team, action, onClose }: { team: TTeamOverviewRow; action: Action; onClose: () => void }) {
  const { locale } = useLocale();
  const teamsChanged = useTeamsChanged(team.tournamentId);
  const markPaid = useMutation(trpc.tournaments.markPaid.mutationOptions());
  const cancel = useMutation(trpc.tournaments.cancelRegistration.mutationOptions());
  const mutation = action === "markPaid" ? markPaid : cancel;
  async function confirm() {
    try {
      await mutation.mutateAsync({ participationId: team.id });
      showToast(action === "markPaid" ? m.tteam_marked_paid_toast() : m.tteam_cancelled_team_toast());
      await teamsChanged();
      onClose();
    } catch {
      // shown below
    }
  }
  return (
    <Modal open onClose={onClose} title={action === "markPaid" ? m.tteam_mark_paid_title() : m.tteam_cancel_team_title()}>
      <p className="text-[15px] leading-relaxed text-slate-700">
        {action === "markPaid"
          ? m.tteam_mark_paid_text({ team: team.teamName, amount: formatMoney(team.amountCents, locale) })
          : m.tteam_cancel_team_text({ team: team.teamName })}
      </p>
      {mutation.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(mutation.error)}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button variant={action === "cancel" ? "destructive" : "primary"} size="lg" block loading={mutation.isPending} onClick={() => void confirm()}>
          {action === "markPaid" ? m.tteam_mark_paid() : m.tteam_cancel_team_confirm()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.common_cancel()}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * "Zahlungserinnerung senden" (spec 001 sections 2.10, 4): for an Open team holding a place; while blocked the button
 * is off and says since when the last one went out (or from when the first may) with "max. einmal pro Woche".
 */
function ReminderAction({ team }: { team: TTeamOverviewRow }) {
  const { locale } = useLocale();
  const now = useNow();
  const teamsChanged = useTeamsChanged(team.tournamentId);
  const remind = useMutation(trpc.tournaments.sendPaymentReminder.mutationOptions());
  const blocked = !team.canRemind && team.reminderBlockedUntil !== null;
  if (!team.canRemind && !blocked) return null;
  const last = team.paymentReminderSentAt ? m.tteam_reminder_last({ ago: timeAgo(team.paymentReminderSentAt, now, locale) }) : null;
  const note = blocked
    ? [last ?? m.tteam_reminder_first_from({ when: formatDateTime(team.reminderBlockedUntil!, locale) }), m.tteam_reminder_weekly()].join(" · ")
    : last;
  async function send() {
    try {
      await remind.mutateAsync({ participationId: team.id });
      showToast(m.tteam_reminded_toast());
      await teamsChanged();
    } catch {
      // shown below
    }
  }
  return (
    <div>
      <Button variant="secondary" block disabled={blocked} loading={remind.isPending} onClick={() => void send()}>
        <BellRing aria-hidden className="size-5" />
        {m.tteam_remind()}
      </Button>
      {note ? (
        <p className="mt-1 text-center text-[13px] text-slate-600" data-testid="reminder-note">
          {note}
        </p>
      ) : null}
      {remind.isError ? (
        <div className="mt-2">
          <Notice tone="error">{errorMessage(remind.error)}</Notice>
        </div>
      ) : null}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 first:pt-0">
      <dt className="text-[12px] font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-[15px] break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Details({ team, business }: { team: TTeamOverviewRow; business: boolean }) {
  const { locale } = useLocale();
  const name = `${team.firstName} ${team.lastName}`.trim();
  return (
    <div className="mt-3 rounded-2xl bg-slate-50 p-3.5 ring-1 ring-slate-200">
      <dl className="divide-y divide-slate-200">
        <Detail label={m.tteam_detail_contact()}>{name}</Detail>
        <Detail label={m.tteam_detail_email()}>
          <a href={`mailto:${team.email}`} className="inline-flex items-center gap-1.5 font-semibold text-pitch-700 hover:underline">
            <Mail aria-hidden className="size-4 shrink-0" />
            {team.email}
          </a>
        </Detail>
        <Detail label={m.tteam_detail_phone()}>
          <a href={`tel:${team.phoneNumber}`} className="inline-flex items-center gap-1.5 font-semibold text-pitch-700 tabular-nums hover:underline">
            <Phone aria-hidden className="size-4 shrink-0" />
            {team.phoneNumber}
          </a>
        </Detail>
        <Detail label={m.tteam_detail_players()}>
          {team.playerCount} · {formatMoney(team.amountCents, locale)}
        </Detail>
        <Detail label={m.tteam_detail_registered()}>{formatDateTime(team.createdAt, locale)}</Detail>
        {business ? (
          <Detail label={m.tteam_detail_invoice()}>
            {team.dataComplete && team.invoiceCompanyName ? (
              <address className="not-italic">
                {team.invoiceCompanyName}
                <br />
                {team.invoiceLine1}
                {team.invoiceLine2 ? (
                  <>
                    <br />
                    {team.invoiceLine2}
                  </>
                ) : null}
                <br />
                {team.invoicePostalCode} {team.invoiceTown}
                {team.invoiceCountry ? (
                  <>
                    <br />
                    {countryName(team.invoiceCountry, locale)}
                  </>
                ) : null}
                {team.invoiceEmail ? <span className="mt-1 block text-[14px] text-slate-700">{m.tteam_detail_invoice_email({ email: team.invoiceEmail })}</span> : null}
                {team.invoiceHint ? <span className="mt-1 block text-[14px] whitespace-pre-line text-slate-700">{team.invoiceHint}</span> : null}
              </address>
            ) : (
              <span className="font-semibold text-amber-800">{m.tteam_detail_invoice_missing()}</span>
            )}
          </Detail>
        ) : null}
      </dl>
      {team.user || team.invoiceUrl ? (
        <div className="mt-3 flex flex-col gap-2">
          {team.user ? (
            <Link to="/user/$id/chat" params={{ id: String(team.user.id) }} className={buttonClassName({ variant: "outline", block: true })}>
              <MessageCircle aria-hidden className="size-5" />
              {m.tteam_chat({ name: team.user.firstName })}
            </Link>
          ) : null}
          {team.invoiceUrl ? (
            <a href={team.invoiceUrl} download className={buttonClassName({ variant: "outline", block: true })}>
              <Download aria-hidden className="size-5" />
              {m.tteam_invoice_download()}
            </a>
          ) : null}
          {team.cancellationInvoiceUrl ? (
            <a href={team.cancellationInvoiceUrl} download className={buttonClassName({ variant: "outline", block: true })}>
              <Download aria-hidden className="size-5" />
              {m.tteam_cancellation_invoice_download()}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** One team of the overview as a card (390 px wide screens): name, badge, players and amount, details and the organiser's actions. */
export function TeamRow({ team, tournament }: { team: TTeamOverviewRow; tournament: TTeamsOverview["tournament"] }) {
  const { locale } = useLocale();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const kind = teamStatusKind(team);
  const badge = BADGES[kind];
  const active = kind !== "cancelled" && kind !== "refunded";
  return (
    <li className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5" data-testid="team-row" data-team={team.teamName} data-status={kind}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className={`text-[17px] font-extrabold break-words text-slate-900 ${active ? "" : "line-through decoration-slate-400"}`}>{team.teamName}</h2>
          <p className="mt-0.5 text-[14px] text-slate-600 tabular-nums">
            {`${team.firstName} ${team.lastName}`.trim()} · {m.tteam_team_facts({ count: String(team.playerCount), amount: formatMoney(team.amountCents, locale) })}
          </p>
        </div>
        <span className={`shrink-0 rounded-full px-2.5 py-1 text-[12px] font-bold whitespace-nowrap ${badge.className}`} data-testid="team-badge">
          {badge.label(team)}
        </span>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((v) => !v)}
        className="-ml-2 mt-2 inline-flex min-h-11 items-center gap-1 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
      >
        {open ? m.tteam_details_hide() : m.tteam_details_show()}
        <ChevronDown aria-hidden className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div id={detailsId} hidden={!open}>
        {open ? <Details team={team} business={tournament.business} /> : null}
      </div>
      {active ? (
        <div className="mt-3 space-y-2">
          <ReminderAction team={team} />
          {team.canMarkPaid ? (
            <Button variant="outline" block onClick={() => setAction("markPaid")}>
              <Banknote aria-hidden className="size-5" />
              {m.tteam_mark_paid()}
            </Button>
          ) : null}
          <Button variant="danger" block onClick={() => setAction("cancel")}>
            {m.tteam_cancel_team()}
          </Button>
        </div>
      ) : null}
      {action ? <ActionDialog team={team} action={action} onClose={() => setAction(null)} /> : null}
    </li>
  );
}
