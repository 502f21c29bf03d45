import { TRPCClientError } from "@trpc/client";
import type { AppErrorData, ErrorCode, FieldIssue } from "@shared/errors";
import { m } from "@client/paraglide/messages";
import { messageByKey } from "./messages";

type ErrorLike = { message?: unknown; data?: unknown; shape?: unknown; cause?: unknown; name?: unknown };

function dataOf(error: unknown): Record<string, unknown> | null {
  if (typeof error !== "object" || error === null) return null;
  const data = (error as ErrorLike).data;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : null;
}

/**
 * The shape of an error code. The server sends only the codes of shared/errors.ts (its errorFormatter reads them from
 * the thrown AppError), so the shape is checked here, not the table: the table, with the English server text of every
 * code, would cost the critical path 3.9 KiB brotli (issue 28). An unknown code finds no message (`messageByKey`) and
 * reads as UNEXPECTED, as before.
 */
const ERROR_CODE_SHAPE = /^[A-Z][A-Z0-9_]*$/;

function isErrorCodeShaped(value: unknown): value is ErrorCode {
  return typeof value === "string" && ERROR_CODE_SHAPE.test(value);
}

/** `data.app` of a tRPC error (the server's errorFormatter), when it is well formed. */
export function appErrorData(error: unknown): AppErrorData | null {
  const app = dataOf(error)?.app;
  if (typeof app !== "object" || app === null) return null;
  const candidate = app as Partial<AppErrorData>;
  if (!isErrorCodeShaped(candidate.code)) return null;
  return {
    code: candidate.code,
    details: candidate.details ?? undefined,
    fields: Array.isArray(candidate.fields) ? candidate.fields : undefined,
  };
}

const FETCH_FAILED = /failed to fetch|networkerror|load failed|fetch failed/i;

/**
 * True when the request never got an answer (offline, server down, DNS). Recognised by the browsers'
 * fetch messages, not by the error's type: a bug in a screen throws TypeErrors too.
 */
export function isNetworkError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if (dataOf(error)) return false;
  const { cause, message } = error as ErrorLike;
  const causeMessage = typeof cause === "object" && cause !== null ? (cause as ErrorLike).message : undefined;
  return [message, causeMessage].some((text) => typeof text === "string" && FETCH_FAILED.test(text));
}

/**
 * True for a failed call to our API (network, server error, a proxy's 502 page, a refusal), as
 * opposed to a bug while drawing a screen: the first is worth a retry in place, the second gets the
 * fallback screen (spec 001 section 2.1).
 */
export function isRequestError(error: unknown): boolean {
  return error instanceof TRPCClientError || isNetworkError(error);
}

/** A call that got an answer that is not our API's (a proxy's 502 or 504 page, a cut-off body). */
function isUnreadableAnswer(error: unknown): boolean {
  return error instanceof TRPCClientError && dataOf(error) === null && !isNetworkError(error);
}

/**
 * The stable code of an error from the server, or null for network and unknown errors. Every error
 * the server sends carries it in `data.app` (its HTTP status and tRPC code follow from it, shared/errors.ts).
 */
export function appErrorCode(error: unknown): ErrorCode | null {
  return appErrorData(error)?.code ?? null;
}

/** A translated, human sentence for any error. */
export function errorMessage(error: unknown): string {
  if (isNetworkError(error)) return m.error_network();
  if (isUnreadableAnswer(error)) return m.error_server_unavailable();
  const app = appErrorData(error);
  const code = app?.code ?? "UNEXPECTED";
  const seconds = Number(app?.details?.retryAfterSeconds);
  // how long to wait, from the catalogue as the codes' texts are (a failed call waits for it: lib/trpc.ts)
  const wait =
    code === "TOO_MANY_LOGIN_ATTEMPTS" && Number.isFinite(seconds) && seconds > 0
      ? seconds < 120
        ? messageByKey("error_too_many_login_attempts_seconds", { seconds: Math.ceil(seconds) })
        : messageByKey("error_too_many_login_attempts_minutes", { minutes: Math.ceil(seconds / 60) })
      : null;
  return wait ?? messageByKey(`error_${code}`) ?? m.error_UNEXPECTED();
}

/** Field problems sent by the server, as `{ fieldName: validationCode }` (first issue per field). */
export function fieldErrorCodes(error: unknown): Record<string, string> {
  const fields: FieldIssue[] = appErrorData(error)?.fields ?? [];
  const result: Record<string, string> = {};
  for (const issue of fields) {
    const name = String(issue.path).split(".")[0] ?? "";
    if (name && !(name in result)) result[name] = issue.code;
  }
  return result;
}

/** Translation of a validation code from the shared schemas (`validation_<code>`). */
export function validationMessage(code: string): string {
  return messageByKey(`validation_${code}`) ?? m.validation_invalid();
}
