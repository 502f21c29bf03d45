import { Search, X } from "lucide-react";
import { useId } from "react";
import { m } from "@client/paraglide/messages";
import { inputClassName } from "@client/components/text-field";

/** The search box above a console list: a magnifier, the typed text, a clear button once something is typed. */
export function SearchField({
  label,
  value,
  onValueChange,
  placeholder,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div role="search">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder ?? label}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onValueChange(event.target.value)}
          className={`${inputClassName} border-slate-300 pr-12 pl-12 [&::-webkit-search-cancel-button]:hidden`}
        />
        {value ? (
          <button
            type="button"
            onClick={() => onValueChange("")}
            aria-label={m.admin_search_clear()}
            className="absolute inset-y-0 right-1 my-auto inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:text-slate-900"
          >
            <X aria-hidden className="size-5" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
