import { ChevronDown } from "lucide-react";
import { useId, type SelectHTMLAttributes } from "react";
import { useHydrated } from "@client/lib/hydration";
import { inputClassName } from "./text-field";

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: { value: string; label: string }[];
  placeholder: string;
  error?: string | null;
};

export function SelectField({ label, value, onValueChange, options, placeholder, error, id, className, ...rest }: SelectFieldProps) {
  const hydrated = useHydrated();
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClassName} appearance-none pr-12 ${error ? "border-red-600" : "border-slate-300"} ${value ? "" : "text-slate-600"}`}
          {...rest}
          // a select cannot be read-only: disabled until hydrated, so a choice before it is not lost (text-field.tsx)
          disabled={rest.disabled || !hydrated}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-slate-600" />
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
