import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { m } from "@client/paraglide/messages";

/** A number with − and + buttons, for small ranges such as teams and players per team. */
export function Stepper({
  label,
  value,
  min,
  max,
  onValueChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onValueChange: (value: number) => void;
}) {
  const id = useId();
  const button =
    "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:border-pitch-600 disabled:opacity-40";
  return (
    <div className="flex items-center justify-between gap-3">
      <span id={id} className="text-[15px] font-semibold text-slate-900">
        {label}
      </span>
      <div role="group" aria-labelledby={id} className="flex items-center gap-3">
        <button
          type="button"
          className={button}
          disabled={value <= min}
          onClick={() => onValueChange(Math.max(min, value - 1))}
          aria-label={m.common_decrease({ label })}
        >
          <Minus aria-hidden className="size-5" />
        </button>
        <output aria-live="polite" className="w-7 text-center text-[20px] font-extrabold text-slate-900 tabular-nums">
          {value}
        </output>
        <button
          type="button"
          className={button}
          disabled={value >= max}
          onClick={() => onValueChange(Math.min(max, value + 1))}
          aria-label={m.common_increase({ label })}
        >
          <Plus aria-hidden className="size-5" />
        </button>
      </div>
    </div>
  );
}
