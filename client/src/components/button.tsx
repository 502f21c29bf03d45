import { BUTTON_REENABLE_MS } from "@shared/constants";
import { LoaderCircle } from "lucide-react";
import { useEffect, useState, type ButtonHTMLAttributes, type MouseEvent } from "react";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "destructive";
export type ButtonSize = "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-pitch-600 text-white shadow-sm shadow-pitch-900/20 hover:bg-pitch-700 active:bg-pitch-800",
  secondary: "bg-pitch-100 text-pitch-800 hover:bg-pitch-200",
  outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-pitch-700 hover:bg-pitch-50",
  danger: "border border-red-200 bg-white text-red-700 hover:bg-red-50",
  destructive: "bg-red-600 text-white shadow-sm shadow-red-900/20 hover:bg-red-700 active:bg-red-800",
};

const SIZES: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 text-[15px]",
  lg: "min-h-13 px-5 text-base",
};

/** Classes of a button, also for links that look like one. */
export function buttonClassName(
  options: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string } = {},
): string {
  const { variant = "primary", size = "md", block = false, className = "" } = options;
  return [
    "inline-flex select-none items-center justify-center gap-2 rounded-xl font-semibold transition-colors",
    "disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    block ? "w-full" : "",
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  loading?: boolean;
};

/**
 * Every interactive button pauses for BUTTON_REENABLE_MS after a click (spec 001 section 4), so a
 * double tap cannot send a request twice. The pause uses aria-disabled, which keeps focus on the button.
 */
export function Button({
  variant,
  size,
  block,
  loading = false,
  className,
  onClick,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    if (!locked) return;
    const timer = window.setTimeout(() => setLocked(false), BUTTON_REENABLE_MS);
    return () => window.clearTimeout(timer);
  }, [locked]);

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (locked || loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
    setLocked(true);
  }

  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      aria-disabled={locked || loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
      {children}
    </button>
  );
}
