import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState, type FormEvent } from "react";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { TextAreaField } from "@client/components/text-area-field";
import { appErrorCode, errorMessage, isNetworkError } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { showToast } from "@client/components/toast";
import { m } from "@client/paraglide/messages";
import { CANCEL_REASON_ORDER, cancellationReasonLabel, type CancellationReason } from "../cancel-reasons";
import { useGameUpdated } from "../game-query";

const MESSAGE_MAX_LENGTH = 500;

/** Short notice and a started game have their own texts; anything else asks to contact an admin (spec 000 section 8). */
export function cancelErrorText(error: unknown): string {
  const code = appErrorCode(error);
  if (isNetworkError(error)) return errorMessage(error);
  if (code === "SHORT_NOTICE_CANCELLATION" || code === "GAME_ALREADY_STARTED" || code === "GAME_ALREADY_CANCELLED" || code === "GAME_EDIT_FORBIDDEN") {
    return errorMessage(error);
  }
  return m.game_cancel_failed();
}

/** Cancel the whole game with a reason; "other reason" needs a message (spec 000 section 5). */
export function CancelGameModal({ game, open, onClose }: { game: TGame; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const gameUpdated = useGameUpdated();
  const legendId = useId();
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [message, setMessage] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const cancel = useMutation(trpc.games.cancel.mutationOptions());

  const messageRequired = reason === "OTHER_REASON";
  const trimmed = message.trim();
  const messageError =
    trimmed.length > MESSAGE_MAX_LENGTH
      ? m.validation_message_too_long()
      : submitted && messageRequired && trimmed === ""
        ? m.validation_message_required()
        : null;
  const reasonError = submitted && reason === null ? m.validation_reason_required() : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (reason === null || (messageRequired && trimmed === "") || trimmed.length > MESSAGE_MAX_LENGTH) return;
    try {
      const updated = await cancel.mutateAsync({ gameId: game.id, reason, message: trimmed || null });
      gameUpdated(updated);
      showToast(m.toast_game_cancelled());
      await navigate({ to: "/game/$id", params: { id: String(game.id) } });
    } catch {
      // shown below
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={m.game_cancel_title()}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <p className="text-[15px] leading-relaxed text-slate-700">{m.game_cancel_intro()}</p>
        <fieldset aria-describedby={reasonError ? `${legendId}-error` : undefined}>
          <legend id={legendId} className="mb-2 text-sm font-semibold text-slate-800">
            {m.game_cancel_reason_label()}
          </legend>
          <div className="space-y-2">
            {CANCEL_REASON_ORDER.map((option) => (
              <label
                key={option}
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3.5 text-[15px] font-medium transition-colors ${
                  reason === option ? "border-red-600 bg-red-50 text-red-950" : "border-slate-300 bg-white text-slate-800 hover:border-slate-400"
                }`}
              >
                <input
                  type="radio"
                  name="reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => setReason(option)}
                  className="size-5 accent-red-600"
                />
                {cancellationReasonLabel(option)}
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id={`${legendId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={m.game_cancel_message_label()}
          optional={!messageRequired}
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          value={message}
          onValueChange={setMessage}
          placeholder={m.game_cancel_message_placeholder()}
          error={messageError}
        />
        {cancel.isError ? <Notice tone="error">{cancelErrorText(cancel.error)}</Notice> : null}
        <div className="flex flex-col gap-2 pt-1">
          <Button type="submit" variant="destructive" size="lg" block loading={cancel.isPending}>
            {m.game_cancel_submit()}
          </Button>
          <Button variant="ghost" block onClick={onClose}>
            {m.game_cancel_keep()}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
