import { useMutation } from "@tanstack/react-query";
import { ListEnd, UserMinus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { REMOVAL_REASONS } from "@shared/constants";
import { canRemovePlayer, removalProblem, type RemovalReason } from "@shared/rules/participation";
import { playersIn } from "@shared/rules/player-list";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { TextAreaField } from "@client/components/text-area-field";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { showToast } from "@client/components/toast";
import { m } from "@client/paraglide/messages";
import { CashDecision } from "./cash-request";
import { useGameRefresh } from "./use-game-refresh";

type Participation = TGame["participations"][number];

const MESSAGE_MAX_LENGTH = 500;

const REMOVAL_LABELS: Record<RemovalReason, () => string> = {
  RELIABILITY_RATING_TOO_BAD: m.removal_reason_RELIABILITY_RATING_TOO_BAD,
  FRIEND_PLAYS_INSTEAD: m.removal_reason_FRIEND_PLAYS_INSTEAD,
  OTHER_REASON: m.removal_reason_OTHER_REASON,
};

export function removalReasonLabel(reason: RemovalReason): string {
  return REMOVAL_LABELS[reason]();
}

/**
 * The organiser's actions on one player (spec 000 sections 4, 5): move an active player to the
 * waiting list when the game is full, or remove the player with a reason (a message for "other"),
 * not within 4 hours of the start.
 */
export function PlayerActionsModal({ game, participation, name, now, onClose }: { game: TGame; participation: Participation | null; name: string; now: Date; onClose: () => void }) {
  const refresh = useGameRefresh(game.id);
  const [reason, setReason] = useState<RemovalReason | null>(null);
  const [message, setMessage] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const revoke = useMutation(trpc.participation.revoke.mutationOptions());
  const toQueue = useMutation(trpc.participation.update.mutationOptions());

  const full = game.maxPlayers !== null && playersIn(game.participations) >= game.maxPlayers;
  const offerQueue = participation !== null && !participation.queue && full;
  const removable = canRemovePlayer(game.startTime, now);
  const problem = removalProblem(reason, message);
  const trimmed = message.trim();

  function close() {
    setReason(null);
    setMessage("");
    setSubmitted(false);
    revoke.reset();
    toQueue.reset();
    onClose();
  }

  async function remove(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!participation || problem || trimmed.length > MESSAGE_MAX_LENGTH) return;
    try {
      await revoke.mutateAsync({ gameId: game.id, participationId: participation.id, playerRemovalReason: reason!, playerRemovalMessage: trimmed || null });
      close();
      showToast(m.toast_player_removed({ name }));
      await refresh();
    } catch {
      // shown below
    }
  }

  async function moveToQueue() {
    if (!participation) return;
    try {
      await toQueue.mutateAsync({ participationId: participation.id, queue: true });
      close();
      await refresh();
    } catch {
      // shown below
    }
  }

  return (
    <Modal open={participation !== null} onClose={close} title={m.player_actions_title({ name })}>
      <div className="space-y-5">
        {participation ? <CashDecision game={game} participation={participation} onDone={close} /> : null}
        {offerQueue ? (
          <div className="space-y-2">
            <p className="text-[15px] leading-snug text-slate-700">{m.player_actions_to_queue_text({ name })}</p>
            <Button variant="outline" block loading={toQueue.isPending} onClick={() => void moveToQueue()}>
              <ListEnd aria-hidden className="size-5" />
              {m.player_actions_to_queue()}
            </Button>
            {toQueue.isError ? <Notice tone="error">{errorMessage(toQueue.error)}</Notice> : null}
          </div>
        ) : null}
        {removable ? (
          <form noValidate onSubmit={remove} className="space-y-4">
            <h3 className="text-[17px] font-bold text-slate-900">{m.player_actions_remove()}</h3>
            <p className="text-[15px] leading-snug text-slate-700">{m.player_actions_remove_text({ name })}</p>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-slate-800">{m.player_actions_reason()}</legend>
              <div className="space-y-2">
                {REMOVAL_REASONS.map((option) => (
                  <label
                    key={option}
                    className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3.5 text-[15px] font-medium transition-colors ${
                      reason === option ? "border-red-600 bg-red-50 text-red-950" : "border-slate-300 bg-white text-slate-800 hover:border-slate-400"
                    }`}
                  >
                    <input type="radio" name="removal-reason" checked={reason === option} onChange={() => setReason(option)} className="size-5 accent-red-600" />
                    {removalReasonLabel(option)}
                  </label>
                ))}
              </div>
              {submitted && problem === "REASON_REQUIRED" ? <p className="mt-1.5 text-sm font-medium text-red-700">{m.validation_reason_required()}</p> : null}
            </fieldset>
            <TextAreaField
              label={m.player_actions_message()}
              optional={reason !== "OTHER_REASON"}
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
              value={message}
              onValueChange={setMessage}
              error={
                trimmed.length > MESSAGE_MAX_LENGTH
                  ? m.validation_message_too_long()
                  : submitted && problem === "MESSAGE_REQUIRED"
                    ? m.validation_message_required()
                    : null
              }
            />
            {revoke.isError ? <Notice tone="error">{errorMessage(revoke.error)}</Notice> : null}
            <Button type="submit" variant="destructive" size="lg" block loading={revoke.isPending}>
              <UserMinus aria-hidden className="size-5" />
              {m.player_actions_remove_submit()}
            </Button>
          </form>
        ) : (
          <Notice tone="info">{m.error_REMOVAL_TOO_LATE()}</Notice>
        )}
      </div>
    </Modal>
  );
}
