/**
 * Errors React's error boundaries caught (a screen that failed to render shows the route's error screen and
 * never reaches window.onerror): logged as React does by default, and handed to error reporting once it runs
 * (lib/error-reporting.ts). Tiny on purpose: it sits in the entry chunk, the reporting SDK does not.
 */
let listener: ((error: unknown) => void) | null = null;

export function caughtError(error: unknown): void {
  console.error(error);
  listener?.(error);
}

export function onCaughtErrors(report: (error: unknown) => void): void {
  listener = report;
}
