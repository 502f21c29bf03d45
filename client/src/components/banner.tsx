import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A boxed message at the top of a screen's flow: a round icon beside a bold title and its text, then `children`
 * (actions) across the full width. `className` gives the box its colours, `iconClassName` the icon's circle;
 * `role="status"` when it reports a state (a cancelled or finished game).
 */
export function Banner({
  id,
  icon: Icon,
  title,
  text,
  className,
  iconClassName,
  textClassName = "",
  role,
  testId,
  children,
}: {
  /** the title's id, for aria-labelledby */
  id: string;
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  className: string;
  iconClassName: string;
  textClassName?: string;
  role?: "status";
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section role={role} aria-labelledby={id} data-testid={testId} className={`rounded-3xl p-4 ${className}`}>
      <div className="flex items-start gap-3">
        <span className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${iconClassName}`}>
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={id} className="text-[17px] leading-snug font-extrabold">
            {title}
          </h2>
          <div className={`mt-0.5 text-[15px] ${textClassName}`}>{text}</div>
        </div>
      </div>
      {children}
    </section>
  );
}
