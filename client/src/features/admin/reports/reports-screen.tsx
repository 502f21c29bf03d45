import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarClock, CircleCheck, CircleX, Flag, MessageSquareReply, Send, UserRound } from "lucide-react";
import { useState } from "react";
import { REPORT_REASONS } from "@shared/constants";
import { ZAdminAnswerGameReportInput, type TAdminGameReport } from "@shared/schemas/admin";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { Notice } from "@client/components/notice";
import { TextAreaField } from "@client/components/text-area-field";
import { showToast } from "@client/components/toast";
import { errorMessage, validationMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { useMessageCatalogue } from "@client/lib/messages";
import { schemaProblem } from "@client/lib/schema-problem";
import { trpc } from "@client/lib/trpc";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { fullName } from "../admin-format";
import { Chip, EmptyList, PagedList } from "../admin-list";
import { AdminPage } from "../admin-page";
import { ADMIN_PAGE_SIZE, adminGameReportsQueryOptions, refreshAdmin } from "../admin-queries";
import { ConfirmDialog } from "../confirm-dialog";

type Reason = (typeof REPORT_REASONS)[number];
const REASON_LABELS: Record<Reason, () => string> = {
  COURT_NOT_AS_DESCRIBED: m.report_reason_COURT_NOT_AS_DESCRIBED,
  COURT_NOT_AVAILABLE: m.report_reason_COURT_NOT_AVAILABLE,
  ORGANIZER_DID_NOT_SHOW_UP: m.report_reason_ORGANIZER_DID_NOT_SHOW_UP,
  ORGANIZER_TOO_LATE: m.report_reason_ORGANIZER_TOO_LATE,
  TOO_FEW_PLAYERS: m.report_reason_TOO_FEW_PLAYERS,
  OTHER_REASON: m.report_reason_OTHER_REASON,
};

const STATUS = {
  OPEN: { tone: "amber", label: () => m.admin_report_status_OPEN() },
  ANSWERED: { tone: "sky", label: () => m.admin_report_status_ANSWERED() },
  CLOSED: { tone: "slate", label: () => m.admin_report_status_CLOSED() },
} as const;

type Filter = "todo" | "closed" | "all";
const FILTER_STATUSES = { todo: ["OPEN", "ANSWERED"], closed: ["CLOSED"], all: ["OPEN", "ANSWERED", "CLOSED"] } as const;

/** Answer the reporter: the text goes to them as a direct message from the support account. */
function AnswerForm({ report, onDone }: { report: TAdminGameReport; onDone: () => void }) {
  useMessageCatalogue();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const answer = useMutation(trpc.admin.answerGameReport.mutationOptions());
  const code = schemaProblem(ZAdminAnswerGameReportInput.shape.text, text);
  const error = (submitted || text.trim().length > 1000) && code ? validationMessage(code) : null;

  async function send() {
    setSubmitted(true);
    if (code) return;
    try {
      await answer.mutateAsync({ id: report.id, text: text.trim() });
      showToast(m.admin_report_answered_toast({ name: report.reporter.firstName }));
      onDone();
      await refreshAdmin(queryClient);
    } catch {
      // shown below
    }
  }

  return (
    <div className="mt-3 space-y-3 rounded-2xl bg-slate-50 p-3">
      <TextAreaField
        label={m.admin_report_answer_label({ name: report.reporter.firstName })}
        hint={m.admin_report_answer_hint()}
        rows={4}
        maxLength={1000}
        value={text}
        onValueChange={setText}
        error={error}
        name="answer"
      />
      {answer.isError ? <Notice tone="error">{errorMessage(answer.error)}</Notice> : null}
      <div className="flex gap-2">
        <Button className="flex-1" loading={answer.isPending} onClick={() => void send()} data-testid="admin-report-send-answer">
          <Send aria-hidden className="size-5" />
          {m.admin_report_answer_send()}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {m.common_cancel()}
        </Button>
      </div>
    </div>
  );
}

/** A game's name on the card: its title, else its court, else "Kickrunde #id". */
function gameName(game: TAdminGameReport["game"]): string {
  return game.title ?? game.courtName ?? m.admin_report_game_fallback({ id: String(game.id) });
}

function ReportCard({ report }: { report: TAdminGameReport }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelMessage, setCancelMessage] = useState("");
  const close = useMutation(trpc.admin.closeGameReport.mutationOptions());
  const cancelGame = useMutation(trpc.admin.cancelReportedGame.mutationOptions());
  const status = STATUS[report.status];
  const closed = report.status === "CLOSED";

  async function doClose() {
    try {
      await close.mutateAsync({ id: report.id });
      showToast(m.admin_report_closed_toast());
      await refreshAdmin(queryClient);
    } catch {
      // shown below
    }
  }

  async function doCancelGame() {
    try {
      await cancelGame.mutateAsync({ id: report.id, ...(cancelMessage.trim() ? { message: cancelMessage.trim() } : {}) });
      setCancelling(false);
      showToast(m.admin_report_game_cancelled_toast({ game: gameName(report.game) }));
      await Promise.all([refreshAdmin(queryClient), queryClient.invalidateQueries({ queryKey: trpc.games.pathKey() })]);
    } catch {
      // shown in the dialog
    }
  }

  return (
    <li
      data-testid="admin-report"
      data-status={report.status}
      className={`rounded-3xl border bg-white p-4 shadow-sm shadow-slate-900/5 ${report.status === "OPEN" ? "border-amber-300" : "border-slate-200"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-[17px] leading-snug font-extrabold tracking-tight text-slate-900">{REASON_LABELS[report.reason]()}</p>
          <p className="mt-0.5 text-[13px] text-slate-600">{m.admin_report_reported_at({ date: formatDateTime(report.createdAt, locale) })}</p>
        </div>
        <Chip tone={status.tone} testId="admin-report-status">
          {status.label()}
        </Chip>
      </div>
      <blockquote className="mt-3 rounded-2xl border-l-4 border-amber-300 bg-amber-50/50 px-3 py-2 text-[15px] leading-relaxed whitespace-pre-line text-slate-900">
        {report.additionalInformation}
      </blockquote>
      <dl className="mt-3 space-y-2 text-[14px]">
        <div className="flex items-start gap-2">
          <dt className="sr-only">{m.admin_report_game()}</dt>
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <dd className="min-w-0">
            <Link to="/game/$id" params={{ id: String(report.game.id) }} className="font-semibold text-pitch-700 underline">
              {gameName(report.game)}
            </Link>
            <span className="text-slate-600"> · {formatDateTime(report.game.startsAt, locale)}</span>
            {report.game.cancelled ? (
              <span className="ml-1.5">
                <Chip tone="red">{m.admin_report_game_cancelled()}</Chip>
              </span>
            ) : null}
            {report.game.organizer ? <span className="block text-slate-600">{m.admin_report_organizer({ name: fullName(report.game.organizer) })}</span> : null}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt className="sr-only">{m.admin_report_reporter()}</dt>
          <UserRound aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <dd className="min-w-0">
            {m.admin_report_by()}{" "}
            <Link to="/admin/users/$id" params={{ id: String(report.reporter.id) }} className="font-semibold text-pitch-700 underline">
              {fullName(report.reporter)}
            </Link>
          </dd>
        </div>
      </dl>
      {report.answer ? (
        <div className="mt-3 rounded-2xl bg-sky-50 p-3 text-[14px] text-sky-950" data-testid="admin-report-answer">
          <p className="flex items-center gap-1.5 font-semibold">
            <MessageSquareReply aria-hidden className="size-4" />
            {m.admin_report_answered_at({
              date: report.answeredAt ? formatDateTime(report.answeredAt, locale) : "–",
              name: report.handledBy ? fullName(report.handledBy) : "–",
            })}
          </p>
          <p className="mt-1 whitespace-pre-line">{report.answer}</p>
        </div>
      ) : null}
      {closed && report.closedAt ? (
        <p className="mt-3 flex items-center gap-1.5 text-[14px] text-slate-600">
          <CircleCheck aria-hidden className="size-4" />
          {m.admin_report_closed_at({ date: formatDateTime(report.closedAt, locale), name: report.handledBy ? fullName(report.handledBy) : "–" })}
        </p>
      ) : null}
      {closed ? null : answering ? (
        <AnswerForm report={report} onDone={() => setAnswering(false)} />
      ) : (
        <div className="mt-4 space-y-2">
          {close.isError ? <Notice tone="error">{errorMessage(close.error)}</Notice> : null}
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={() => setAnswering(true)} data-testid="admin-report-answer-open">
              <MessageSquareReply aria-hidden className="size-5" />
              {m.admin_report_answer()}
            </Button>
            <Button variant="outline" loading={close.isPending} onClick={() => void doClose()} data-testid="admin-report-close">
              <CircleCheck aria-hidden className="size-5" />
              {m.admin_report_close()}
            </Button>
          </div>
          {report.game.cancelled ? null : (
            <Button variant="danger" block onClick={() => setCancelling(true)} data-testid="admin-report-cancel-game">
              <CircleX aria-hidden className="size-5" />
              {m.admin_report_cancel_game()}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        title={m.admin_report_cancel_title()}
        text={m.admin_report_cancel_text({ game: gameName(report.game) })}
        confirmLabel={m.admin_report_cancel_confirm()}
        icon={CircleX}
        pending={cancelGame.isPending}
        error={cancelGame.error}
        onConfirm={() => void doCancelGame()}
      >
        <TextAreaField label={m.admin_report_cancel_message()} optional rows={3} maxLength={500} value={cancelMessage} onValueChange={setCancelMessage} />
      </ConfirmDialog>
    </li>
  );
}

/** /admin/reports: the game reports queue (oldest first): read, answer the reporter, close, cancel the game. */
export function ReportsScreen() {
  useLocale();
  const [filter, setFilter] = useState<Filter>("todo");
  const statuses = [...FILTER_STATUSES[filter]];
  const first = useQuery(adminGameReportsQueryOptions({ statuses, offset: 0, limit: ADMIN_PAGE_SIZE }));
  useRefetchOnVisible(() => void first.refetch());
  return (
    <AdminPage title={m.admin_reports_title()} subtitle={m.admin_reports_subtitle()}>
      <ChoiceChips
        label={m.admin_reports_filter()}
        hideLabel
        value={filter}
        onValueChange={setFilter}
        choices={[
          { value: "todo", label: m.admin_reports_filter_todo() },
          { value: "closed", label: m.admin_reports_filter_closed() },
          { value: "all", label: m.admin_reports_filter_all() },
        ]}
      />
      <PagedList
        resetKey={filter}
        usePage={(offset) => useQuery(adminGameReportsQueryOptions({ statuses, offset, limit: ADMIN_PAGE_SIZE }))}
        renderItems={(items) => (
          <ul className="space-y-3" aria-label={m.admin_reports_title()}>
            {items.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </ul>
        )}
        empty={
          <EmptyList
            icon={<Flag aria-hidden className="size-7" />}
            title={filter === "todo" ? m.admin_reports_none_todo() : m.admin_reports_none()}
            hint={filter === "todo" ? m.admin_reports_none_todo_hint() : undefined}
          />
        }
      />
    </AdminPage>
  );
}
