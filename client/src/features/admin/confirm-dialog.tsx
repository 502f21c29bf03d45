import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { m } from "@client/paraglide/messages";

/**
 * A destructive console action asked once more (block an account, cancel a game, remove a member): the title names
 * the action, `text` says what will happen, the red button does it, "Zurück" keeps everything as it is. A refusal
 * shows inside the dialog; `children` can hold a field the action needs (a message).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  text,
  confirmLabel,
  icon: Icon,
  pending,
  error,
  onConfirm,
  tone = "destructive",
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  icon: LucideIcon;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  tone?: "destructive" | "primary";
  children?: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <div className="space-y-4" data-testid="admin-confirm">
        <div className="text-[15px] leading-relaxed text-slate-700">{text}</div>
        {children}
        {error ? <Notice tone="error">{errorMessage(error)}</Notice> : null}
        <div className="flex flex-col gap-2 pt-1">
          <Button size="lg" block variant={tone} loading={pending} onClick={onConfirm}>
            <Icon aria-hidden className="size-5" />
            {confirmLabel}
          </Button>
          <Button variant="ghost" block onClick={onClose}>
            {m.admin_keep()}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
