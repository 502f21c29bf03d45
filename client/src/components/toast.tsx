import { CircleCheck, Info, X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { m } from "@client/paraglide/messages";

/**
 * The one confirmation after an action (issue 23 item 14): "Abgesagt", "Gespeichert", "Bezahlt",
 * "Angenommen". `showToast` may be called from anywhere, also just before a navigation: the shell's
 * `Toaster` (mounted once, above the bottom bars) shows the latest text in a polite live region and
 * takes it away after a few seconds or on a tap. Errors stay beside the form that caused them (Notice);
 * a toast only confirms.
 */
export type Toast = { id: number; text: string; tone: "success" | "info" };

/** How long a toast stays (long enough to read two lines; WCAG 2.2.1 lets it be closed earlier). */
export const TOAST_MS = 5_000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows `text`; answers its id, so a toast that says "still waiting" can be taken away when the wait is over. */
export function showToast(text: string, tone: Toast["tone"] = "success"): number {
  current = { id: nextId++, text, tone };
  emit();
  return current.id;
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

const ICONS = { success: CircleCheck, info: Info } as const;

/**
 * The toast's place: put inside the sticky bottom bar container, it floats just above the tab bar and
 * the guest banner and never covers them. The live region is always in the document, so screen readers
 * announce each new text.
 */
export function Toaster() {
  const toast = useToast();
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  const Icon = toast ? ICONS[toast.tone] : null;
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="pointer-events-none absolute inset-x-0 bottom-full z-40 flex justify-center px-4 pb-3">
      {toast && Icon ? (
        <div
          key={toast.id}
          data-testid="toast"
          className="pointer-events-auto flex w-full max-w-[480px] items-center gap-3 rounded-2xl bg-slate-900 py-2 pr-2 pl-4 text-[15px] leading-snug font-semibold text-white shadow-lg shadow-slate-900/30"
        >
          <Icon aria-hidden className={`size-5 shrink-0 ${toast.tone === "success" ? "text-pitch-300" : "text-sky-300"}`} />
          <p className="min-w-0 flex-1 py-1.5">{toast.text}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label={m.common_close()}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
