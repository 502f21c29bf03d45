import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Ban, ChevronRight, EyeOff, Pencil, Send, UsersRound } from "lucide-react";
import { useState } from "react";
import type { TTournament } from "@shared/schemas/tournaments";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { StatusBox } from "@client/components/status-box";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useTournamentUpdated } from "../tournament-queries";

type Confirm = "publish" | "cancel";

/** The question before publishing or cancelling, with the server's refusal in place when there is one. */
function ConfirmDialog({ tournament, kind, onClose }: { tournament: TTournament; kind: Confirm; onClose: () => void }) {
  const updated = useTournamentUpdated();
  const publish = useMutation(trpc.tournaments.publish.mutationOptions());
  const cancel = useMutation(trpc.tournaments.cancel.mutationOptions());
  const mutation = kind === "publish" ? publish : cancel;
  async function confirm() {
    try {
      const result = await mutation.mutateAsync({ tournamentId: tournament.id });
      updated(result);
      showToast(kind === "publish" ? m.tournament_published_toast() : m.tournament_cancelled_toast());
      onClose();
    } catch {
      // shown below
    }
  }
  return (
    <Modal open onClose={onClose} title={kind === "publish" ? m.tournament_publish_title() : m.tournament_cancel_title()}>
      <p className="text-[15px] leading-relaxed text-slate-700">{kind === "publish" ? m.tournament_publish_text() : m.tournament_cancel_text()}</p>
      {mutation.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(mutation.error)}</Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button size="lg" block variant={kind === "cancel" ? "destructive" : "primary"} loading={mutation.isPending} onClick={() => void confirm()}>
          {kind === "publish" ? m.tournament_publish_action() : m.tournament_cancel_action()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {kind === "publish" ? m.common_cancel() : m.tournament_cancel_keep()}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * For the organiser and admins (`viewer.canManage`): a draft says who sees it and offers publishing; edit and
 * cancel, each behind its own question where it cannot be undone.
 */
export function ManageTournament({ tournament }: { tournament: TTournament }) {
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const draft = tournament.publishedAt === null;
  return (
    <div className="space-y-3" data-testid="tournament-manage">
      {draft ? (
        <StatusBox tone="info" icon={EyeOff} title={m.tournament_draft_title()} text={m.tournament_draft_text()}>
          <Button size="lg" block className="mt-3" onClick={() => setConfirm("publish")}>
            <Send aria-hidden className="size-5" />
            {m.tournament_publish_action()}
          </Button>
        </StatusBox>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Link to="/tournament/$id/edit" params={{ id: String(tournament.id) }} className={buttonClassName({ variant: "secondary", size: "lg" })}>
          <Pencil aria-hidden className="size-5" />
          {m.tournament_edit_action()}
        </Link>
        <Button variant="danger" size="lg" onClick={() => setConfirm("cancel")}>
          <Ban aria-hidden className="size-5" />
          {m.tournament_cancel_short()}
        </Button>
      </div>
      <Link
        to="/tournament/$id/teams"
        params={{ id: String(tournament.id) }}
        className="flex min-h-16 items-center gap-3 rounded-2xl border border-slate-200 px-4 py-2.5 hover:bg-slate-50"
      >
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
          <UsersRound aria-hidden className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[16px] font-semibold text-slate-900">{m.tteam_overview_link()}</span>
          <span className="block text-[14px] leading-snug text-slate-600">{m.tteam_overview_link_text()}</span>
        </span>
        <ChevronRight aria-hidden className="size-5 text-slate-500" />
      </Link>
      {confirm ? <ConfirmDialog tournament={tournament} kind={confirm} onClose={() => setConfirm(null)} /> : null}
    </div>
  );
}

/** A cancelled tournament says so once, at the top (the name in the hero is struck through). */
export function CancelledBanner({ tournament }: { tournament: TTournament }) {
  const { locale } = useLocale();
  if (!tournament.cancelledAt) return null;
  return (
    <StatusBox
      tone="error"
      icon={Ban}
      testId="tournament-cancelled"
      title={m.tournament_cancelled_title()}
      text={m.tournament_cancelled_text({ when: formatDateTime(tournament.cancelledAt, locale) })}
    />
  );
}
