import type { AnyRouter } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { readClientTelemetry, TELEMETRY_CONFIG_PATH } from "@shared/telemetry";
import { accountQueryOptions } from "./account";
import { createTracker } from "./analytics";

/**
 * Error reporting and analytics, both off unless the server says otherwise (GET /api/telemetry;
 * server/integrations/telemetry/README.md). Started after the first screen is drawn. The error reporting
 * SDK is its own chunk, loaded only when a DSN is configured and this page is on the production host.
 */
export async function startTelemetry(router: AnyRouter, queryClient: QueryClient): Promise<void> {
  let config;
  try {
    const res = await fetch(TELEMETRY_CONFIG_PATH, { credentials: "omit" });
    if (!res.ok) return;
    config = readClientTelemetry(await res.json());
  } catch {
    return; // offline or an old server: nothing is reported, nothing counted
  }
  if (!config) return; // an answer of another shape: nothing is reported, nothing counted
  const reporting = config.errorReporting;
  if (reporting && window.location.host === reporting.productionHost) {
    const userId = () => queryClient.getQueryData(accountQueryOptions().queryKey)?.id ?? null;
    void import("./error-reporting").then((m) => m.startErrorReporting(reporting, userId)).catch(() => {});
  }
  if (config.analytics) {
    const tracker = createTracker(config.analytics);
    const track = (referrer?: string) => tracker.pageView({ url: window.location.href, title: document.title, referrer });
    track(document.referrer);
    router.subscribe("onResolved", () => track());
  }
}
