import { TELEMETRY_CONFIG_PATH } from "@shared/telemetry";
import type { Env, Hono } from "hono";
import type { Deps } from "../context";
import { clientTelemetry } from "../integrations/telemetry/client-config";

/**
 * GET /api/telemetry: whether the browser reports errors and counts page views, and where to
 * (integrations/telemetry). Asked once per page load, after the first screen; the same for everyone.
 */
export function mountTelemetry<E extends Env>(app: Hono<E>, deps: Deps): void {
  const body = clientTelemetry(deps.config);
  app.get(TELEMETRY_CONFIG_PATH, (c) => c.json(body, 200, { "Cache-Control": "public, max-age=300" }));
}
