import { useCallback, useRef, useState } from "react";
import type { ErrorCode } from "@shared/errors";
import { appErrorCode, fieldErrorCodes, validationMessage } from "./errors";
import { useMessageCatalogue } from "./messages";

/** A form field that shows a validation code (a `useField` field). */
type CodeField = { setErrorCode: (code: string | null) => void };

/** An error code the server sends without field problems that belongs at a field: [field name, validation code or null to clear it]. */
type CodeAtField = readonly [field: string, validationCode: string | null];

/**
 * The field problems of a refused call, shown at their fields (spec 001 section 5: what was entered
 * stays, the problem is named where it is). `take(error)` reads them (`data.app.fields`, first issue per
 * field) and hands each to the form's `useField` field of that input name; `codes` keeps all of them for
 * forms that draw their fields themselves (`message(name)` translates one). `byCode` puts an error code
 * at a field too, or clears the field's own problem so that only the form's notice speaks.
 */
export function useServerErrors(fields: Record<string, CodeField | undefined> = {}, byCode: Partial<Record<ErrorCode, CodeAtField>> = {}) {
  useMessageCatalogue();
  const [codes, setCodes] = useState<Record<string, string>>({});
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const byCodeRef = useRef(byCode);
  byCodeRef.current = byCode;

  const take = useCallback((error: unknown): Record<string, string> => {
    const found = serverFieldCodes(error, byCodeRef.current);
    for (const [name, code] of Object.entries(found)) fieldsRef.current[name]?.setErrorCode(code);
    const shown = Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => entry[1] !== null));
    setCodes(shown);
    return shown;
  }, []);

  const clear = useCallback(() => setCodes({}), []);
  const message = (name: string): string | null => (codes[name] ? validationMessage(codes[name]) : null);

  return { codes, take, clear, message, any: Object.keys(codes).length > 0 };
}

/** The field problems of an error with the `byCode` placements applied (null: the field shows nothing). Pure, for tests. */
export function serverFieldCodes(error: unknown, byCode: Partial<Record<ErrorCode, CodeAtField>> = {}): Record<string, string | null> {
  const found: Record<string, string | null> = fieldErrorCodes(error);
  const code = appErrorCode(error);
  const placed = code ? byCode[code] : undefined;
  if (placed) found[placed[0]] = placed[1];
  return found;
}
