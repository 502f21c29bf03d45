import { useId, type TextareaHTMLAttributes } from "react";
import { useHydrated } from "@client/lib/hydration";
import { m } from "@client/paraglide/messages";
import { inputClassName } from "./text-field";

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  optional?: boolean;
  maxLength?: number;
};

/** A labelled multi-line input with a character counter when a maximum is given. */
export function TextAreaField({ label, value, onValueChange, error, hint, optional, maxLength, id, className, rows = 4, ...rest }: TextAreaFieldProps) {
  const hydrated = useHydrated();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const length = value.trim().length;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> {m.common_optional()}</span> : null}
      </label>
      <textarea
        id={inputId}
        value={value}
        rows={rows}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClassName} py-3 leading-relaxed ${error ? "border-red-600" : "border-slate-300"}`}
        {...rest}
        // read-only until hydrated (text-field.tsx)
        readOnly={rest.readOnly || !hydrated}
      />
      <div className="mt-1.5 flex items-start justify-between gap-3 text-sm">
        {error ? (
          <p id={errorId} className="font-medium text-red-700">
            {error}
          </p>
        ) : hint ? (
          <p id={hintId} className="text-slate-600">
            {hint}
          </p>
        ) : (
          <span />
        )}
        {maxLength ? (
          <span className={`shrink-0 tabular-nums ${length > maxLength ? "font-semibold text-red-700" : "text-slate-500"}`}>
            {length}/{maxLength}
          </span>
        ) : null}
      </div>
    </div>
  );
}
