import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export type Choice<T extends string | number> = { value: T; label: ReactNode; ariaLabel?: string; disabled?: boolean };

/**
 * A single choice shown as chips (a radio group): arrow keys move between them. `scroll` keeps
 * them on one line that scrolls sideways (days, durations); otherwise they share the width.
 */
export function ChoiceChips<T extends string | number>({
  label,
  hideLabel = false,
  value,
  onValueChange,
  choices,
  scroll = false,
  size = "md",
  trailing,
}: {
  label: string;
  hideLabel?: boolean;
  value: T | null;
  onValueChange: (value: T) => void;
  choices: Choice<T>[];
  scroll?: boolean;
  size?: "md" | "lg";
  /** Shown after the chips, in the same row (e.g. a "more" picker). */
  trailing?: ReactNode;
}) {
  const labelId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const rowRef = useRef<HTMLDivElement>(null);
  const enabled = choices.map((choice, index) => (choice.disabled ? -1 : index)).filter((index) => index >= 0);
  const selectedIndex = choices.findIndex((choice) => choice.value === value);
  const focusIndex = selectedIndex >= 0 ? selectedIndex : (enabled[0] ?? 0);

  // A scrolling row shows its chosen chip (e.g. 90 minutes in an edited game), without moving the page.
  useEffect(() => {
    const row = rowRef.current;
    const chip = refs.current[selectedIndex];
    if (!scroll || !row || !chip) return;
    const left = chip.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + chip.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = left - (row.clientWidth - chip.offsetWidth) / 2;
    }
  }, [scroll, selectedIndex]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const position = enabled.indexOf(index);
    const next = enabled[(position + step + enabled.length) % enabled.length];
    if (next === undefined) return;
    const choice = choices[next];
    if (choice) onValueChange(choice.value);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <p id={labelId} className={hideLabel ? "sr-only" : "mb-2 text-sm font-semibold text-slate-800"}>
        {label}
      </p>
      <div
        ref={rowRef}
        role="radiogroup"
        aria-labelledby={labelId}
        className={scroll ? "-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]" : "flex flex-wrap gap-2"}
      >
        {choices.map((choice, index) => {
          const checked = choice.value === value;
          return (
            <button
              key={String(choice.value)}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={choice.ariaLabel}
              disabled={choice.disabled}
              tabIndex={index === focusIndex ? 0 : -1}
              onClick={() => onValueChange(choice.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`shrink-0 rounded-xl border px-3.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
                size === "lg" ? "min-h-15 py-1.5 text-[14px]" : "min-h-11 text-[15px]"
              } ${scroll ? "" : "flex-1 basis-0 whitespace-nowrap"} ${
                checked
                  ? "border-pitch-600 bg-pitch-600 text-white shadow-sm shadow-pitch-900/20"
                  : "border-slate-300 bg-white text-slate-800 hover:border-pitch-600/60"
              }`}
            >
              {choice.label}
            </button>
          );
        })}
        {trailing}
      </div>
    </div>
  );
}
