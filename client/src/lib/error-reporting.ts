import * as Sentry from "@sentry/browser";
import { withoutPersonalData, type TClientTelemetry } from "@shared/telemetry";
import { onCaughtErrors } from "./caught-errors";

/**
 * The browser's error reporting (issue 27): a chunk of its own, imported by lib/telemetry.ts only when a DSN is
 * configured and the page runs on the production host, so nobody else downloads the SDK. Only what catches
 * errors is switched on (uncaught errors and rejections, errors in timers and event handlers, causes); no
 * breadcrumbs, no request data, no session replay or tracing. The user is sent as `{ id }` only.
 */
export function startErrorReporting(config: NonNullable<TClientTelemetry["errorReporting"]>, userId: () => number | null): void {
  Sentry.init({
    dsn: config.dsn,
    release: config.release,
    environment: "production",
    defaultIntegrations: false,
    integrations: [Sentry.globalHandlersIntegration(), Sentry.browserApiErrorsIntegration(), Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend(event) {
      const id = userId();
      return withoutPersonalData({ ...event, user: id === null ? undefined : { id } });
    },
  });
  // a screen that failed to render (React's error boundaries keep these from the global handlers)
  onCaughtErrors((error) => Sentry.captureException(error, { mechanism: { type: "react.error-boundary", handled: true } }));
}
