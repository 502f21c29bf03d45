import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Flag } from "lucide-react";
import { useState, type FormEvent } from "react";
import { REPORT_MAX_LENGTH, REPORT_REASONS } from "@shared/constants";
import { reportOpen, reportProblem, reportTextProblem } from "@shared/rules/report";
import { Button, buttonClassName } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { TextAreaField } from "@client/components/text-area-field";
import { useAccount } from "@client/lib/account";
import { errorMessage, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { messageByKey, useLoadedMessageCatalogue } from "@client/lib/messages";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { gameQueryOptions } from "@client/features/games/game-query";
import { ManageHeader } from "@client/features/games/manage/manage-common";
import { useGameRefresh } from "./use-game-refresh";

type ReportReason = (typeof REPORT_REASONS)[number];
const REPORT_LABELS: Record<ReportReason, () => string> = {
  COURT_NOT_AS_DESCRIBED: m.report_reason_COURT_NOT_AS_DESCRIBED,
  COURT_NOT_AVAILABLE: m.report_reason_COURT_NOT_AVAILABLE,
  ORGANIZER_DID_NOT_SHOW_UP: m.report_reason_ORGANIZER_DID_NOT_SHOW_UP,
  ORGANIZER_TOO_LATE: m.report_reason_ORGANIZER_TOO_LATE,
  TOO_FEW_PLAYERS: m.report_reason_TOO_FEW_PLAYERS,
  OTHER_REASON: m.report_reason_OTHER_REASON,
};

/**
 * /game/{id}/report (spec 000 sections 4, 5, 8): a reason and a 20 to 1000 character description,
 * for participants who are not the organiser, once, from the start on. Afterwards the reported state shows.
 */
export function ReportScreen({ gameId }: { gameId: number }) {
  useLoadedMessageCatalogue(); // the report window's notice shows at once
  useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const account = useAccount();
  const now = useNow();
  const refresh = useGameRefresh(gameId);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const report = useMutation(trpc.participation.report.mutationOptions());

  const own = game.viewer.participation;
  const problem = reportProblem({
    signedIn: account !== null,
    gameFound: true,
    gameEnded: reportOpen(game.startTime, now),
    isParticipant: own !== null && !own.queue,
    isCreator: account?.id === game.creator.id,
    alreadyReported: own?.hasReported ?? false,
  });
  const textCode = reportTextProblem(text);
  const textError = (submitted || text.trim().length > REPORT_MAX_LENGTH) && textCode ? validationMessage(textCode) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (reason === null || textCode) return;
    try {
      await report.mutateAsync({ gameId, reason, additionalInformation: text.trim() });
      await refresh();
    } catch {
      // shown below
    }
  }

  let body;
  if (report.isSuccess) {
    body = <Notice tone="success">{m.report_sent()}</Notice>;
  } else if (problem === "UNAUTHENTICATED") {
    body = (
      <div className="space-y-3">
        <Notice tone="info">{m.report_sign_in()}</Notice>
        <Link to="/login" search={{ redirect: `/game/${gameId}/report` }} className={buttonClassName({ block: true })}>
          {m.join_sign_in()}
        </Link>
      </div>
    );
  } else if (problem === "ALREADY_REPORTED") {
    body = <Notice tone="info">{m.participation_reported()}</Notice>;
  } else if (problem) {
    body = <Notice tone="info">{messageByKey(`error_${problem}`) ?? m.error_UNEXPECTED()}</Notice>;
  } else {
    body = (
      <form noValidate onSubmit={submit} className="space-y-4">
        <p className="text-[15px] leading-relaxed text-slate-700">{m.report_intro()}</p>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{m.report_reason()}</legend>
          <div className="space-y-2">
            {REPORT_REASONS.map((option) => (
              <label
                key={option}
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3.5 text-[15px] font-medium transition-colors ${
                  reason === option ? "border-pitch-600 bg-pitch-50 text-pitch-950" : "border-slate-300 bg-white text-slate-800 hover:border-slate-400"
                }`}
              >
                <input type="radio" name="report-reason" checked={reason === option} onChange={() => setReason(option)} className="size-5 accent-pitch-600" />
                {REPORT_LABELS[option]()}
              </label>
            ))}
          </div>
          {submitted && reason === null ? <p className="mt-1.5 text-sm font-medium text-red-700">{m.validation_reason_required()}</p> : null}
        </fieldset>
        <TextAreaField
          label={m.report_description()}
          rows={5}
          maxLength={REPORT_MAX_LENGTH}
          value={text}
          onValueChange={setText}
          hint={m.report_description_hint()}
          error={textError}
        />
        {report.isError ? <Notice tone="error">{errorMessage(report.error)}</Notice> : null}
        <Button type="submit" size="lg" block loading={report.isPending}>
          <Flag aria-hidden className="size-5" />
          {m.report_submit()}
        </Button>
      </form>
    );
  }

  return (
    <div className="pb-6">
      <ManageHeader game={game} title={m.report_title()} />
      <div className="px-4 pt-2">{body}</div>
    </div>
  );
}
