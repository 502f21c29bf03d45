import { useRouterState } from "@tanstack/react-router";
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { m } from "@client/paraglide/messages";

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** "sheet" slides in from the side (menus), "dialog" sits in the middle. */
  variant?: "dialog" | "sheet";
  hideTitle?: boolean;
  children: ReactNode;
};

/**
 * Accessible modal on the native <dialog> (focus trap, Escape, inert background). It closes on
 * every route change (spec 001 section 2.1).
 */
export function Modal({ open, onClose, title, variant = "dialog", hideTitle = false, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const href = useRouterState({ select: (state) => state.location.href });
  const openedAt = useRef<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openedAt.current = href;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // href is read only at opening time
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (open && openedAt.current !== null && openedAt.current !== href) onClose();
  }, [href, open, onClose]);

  const layout =
    variant === "sheet"
      ? "m-0 ml-auto h-dvh max-h-dvh w-[min(22rem,88vw)] rounded-l-3xl pt-safe pb-safe"
      : "m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl";

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`${layout} max-w-none bg-white p-0 text-slate-900 shadow-2xl`}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop targets the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-2 px-5 pt-4 pb-2">
            <h2 id={titleId} className={hideTitle ? "sr-only" : "text-lg font-bold"}>
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 ml-auto inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
              aria-label={m.common_close()}
            >
              <X aria-hidden className="size-6" />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-5 pb-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
