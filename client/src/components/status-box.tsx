import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

type Tone = "info" | "success" | "warning" | "error";

const TONES: Record<Tone, string> = {
  info: "bg-sky-50 text-sky-950 ring-sky-200",
  success: "bg-pitch-50 text-pitch-900 ring-pitch-200",
  warning: "bg-amber-50 text-amber-950 ring-amber-200",
  error: "bg-red-50 text-red-950 ring-red-200",
};

/**
 * A state of something the viewer waits on, as a tinted box in a screen's flow (the payment and cash
 * states of the own participation): a bold title with an optional icon and, on its right, `aside`
 * (e.g. a countdown), a short explanation, then `children` (a notice, an action). Unlike `Notice` it is
 * a lasting state, not a message, so it has no live-region role.
 */
export function StatusBox({
  tone,
  icon: Icon,
  title,
  text,
  aside,
  testId,
  children,
}: {
  tone: Tone;
  icon?: LucideIcon;
  title: string;
  text: string;
  aside?: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div data-testid={testId} className={`rounded-2xl p-3.5 ring-1 ${TONES[tone]}`}>
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-[16px] font-extrabold">
          {Icon ? <Icon aria-hidden className="size-5 shrink-0" /> : null}
          {title}
        </p>
        {aside}
      </div>
      <p className="mt-1 text-[14px] leading-snug">{text}</p>
      {children}
    </div>
  );
}
