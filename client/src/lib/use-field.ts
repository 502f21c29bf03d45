import { VALIDATION_DEBOUNCE_MS } from "@shared/constants";
import { useCallback, useEffect, useRef, useState } from "react";
import { useMessageCatalogue } from "./messages";

/** Returns a validation code (translated as `validation_<code>`) or null when the value is fine. */
export type Validator = (value: string) => string | null;

type FieldOptions = { initial?: string; validate: Validator; trim?: boolean };

/**
 * One form field following spec 001 section 5: validated after VALIDATION_DEBOUNCE_MS of
 * inactivity or on blur, trimmed on blur. The error is kept as a code, so it is re-rendered in the
 * new language when the user switches, and drawn again when the keyed texts' chunk arrives (lib/messages.ts):
 * a form whose first error comes before it shows the field's own text, not the generic one, once it is there.
 */
export function useField({ initial = "", validate, trim = true }: FieldOptions) {
  useMessageCatalogue();
  const [value, setValue] = useState(initial);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const validateRef = useRef(validate);
  validateRef.current = validate;
  const valueRef = useRef(value);
  valueRef.current = value;
  // Tabbing through an untouched field is not an error yet.
  const touched = useRef(initial !== "");

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const clean = useCallback((raw: string) => (trim ? raw.trim() : raw), [trim]);

  const onValueChange = useCallback(
    (next: string) => {
      touched.current = true;
      setValue(next);
      window.clearTimeout(timer.current);
      const problem = validateRef.current(clean(next));
      // A fixed value clears its error at once; a new problem waits until the user pauses.
      if (problem === null) setErrorCode(null);
      else timer.current = window.setTimeout(() => setErrorCode(problem), VALIDATION_DEBOUNCE_MS);
    },
    [clean],
  );

  const onBlur = useCallback(() => {
    window.clearTimeout(timer.current);
    const cleaned = clean(valueRef.current);
    if (cleaned !== valueRef.current) setValue(cleaned);
    if (touched.current) setErrorCode(validateRef.current(cleaned));
  }, [clean]);

  /** Validates now (on submit) and returns whether the value is fine. */
  const check = useCallback((): boolean => {
    window.clearTimeout(timer.current);
    touched.current = true;
    const problem = validateRef.current(clean(valueRef.current));
    setErrorCode(problem);
    return problem === null;
  }, [clean]);

  const cleanValue = clean(value);
  return {
    value,
    cleanValue,
    errorCode,
    setErrorCode,
    valid: validate(cleanValue) === null,
    onValueChange,
    onBlur,
    check,
  };
}

export type Field = ReturnType<typeof useField>;
