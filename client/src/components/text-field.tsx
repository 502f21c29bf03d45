import { Eye, EyeOff } from "lucide-react";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "@client/lib/hydration";
import { m } from "@client/paraglide/messages";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  trailing?: ReactNode;
};

export const inputClassName =
  "block min-h-12 w-full rounded-xl border bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 " +
  "shadow-xs transition-colors focus:border-pitch-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 " +
  "focus-visible:outline-pitch-600/35";

/** A labelled input with hint and error wired to aria-describedby. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  optional,
  trailing,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  // On a page the server drew, typing before the app has hydrated the field would not reach the form's state:
  // read-only until then (no visual change; a page the browser draws has it hydrated at once).
  const hydrated = useHydrated();

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> {m.common_optional()}</span> : null}
      </label>
      <div className="relative">
        <input
          id={inputId}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClassName} ${error ? "border-red-600" : "border-slate-300"} ${trailing ? "pr-14" : ""}`}
          {...rest}
          readOnly={rest.readOnly || !hydrated}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, "type" | "trailing">) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:text-slate-900"
          aria-label={visible ? m.password_hide() : m.password_show()}
          aria-pressed={visible}
        >
          <Icon aria-hidden className="size-5" />
        </button>
      }
    />
  );
}

/** The e-mail input of every form (login, registration, profile, password reset). */
export function EmailField(props: Omit<TextFieldProps, "label" | "type" | "name">) {
  return (
    <TextField
      label={m.field_email()}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
