import { SESSION_COOKIE } from "@shared/constants";
import { ERROR_CODES, httpStatusOf } from "@shared/errors";
import { transformer } from "@shared/transformer";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { MiddlewareHandler } from "hono";
import type { Deps } from "../context";
import { isInMaintenance } from "../domains/admin/maintenance";
import { validateSessionToken } from "../domains/auth/sessions";
import { graphqlExtensions } from "../graphql/errors";
import { trpcCodeOf } from "../trpc/init";
import { parseCookies } from "./cookies";

/** Seconds a client is told to wait before it asks again (the web client polls /api/health instead). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 30;

/** The sign-in calls stay open, so an administrator can sign in to switch maintenance off. */
const OPEN_TRPC = new Set(["auth.login", "auth.refresh", "auth.logout"]);
const OPEN_GRAPHQL = /^\s*mutation\b[^{]*\{\s*(?:\w+\s*:\s*)?(?:tokenAuth|refreshToken|logout)\b[^{}]*(?:\{[^{}]*\})?\s*\}\s*$/;

/**
 * Maintenance mode (domains/admin/maintenance.ts, README "Maintenance"): every API request answers 503 with
 * Retry-After and MAINTENANCE in its transport's error shape: /trpc, /graphql and /api/* (also Stripe's webhook:
 * Stripe retries a 503 for days). Not /api/health (it says `maintenance: true`), not the pages and files (the app
 * loads and shows its maintenance screen). Requests of administrators pass (the staff console, checking the app
 * before reopening), and so do the sign-in calls.
 */
export function maintenanceGate(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    const api = path === "/graphql" || path.startsWith("/trpc/") || (path.startsWith("/api/") && path !== "/api/health");
    if (!api || !(await isInMaintenance(deps))) return next();
    if (path.startsWith("/trpc/") && path.slice("/trpc/".length).split(",").every((p) => OPEN_TRPC.has(p))) return next();
    if (path === "/graphql" && c.req.method === "POST" && (await isOpenGraphqlOperation(c.req.raw.clone()))) return next();
    if (await isAdministrator(deps, c.req.raw)) return next();

    const message = ERROR_CODES.MAINTENANCE;
    const status = httpStatusOf("MAINTENANCE");
    c.header("Retry-After", String(MAINTENANCE_RETRY_AFTER_SECONDS));
    c.header("Cache-Control", "no-store");
    if (path === "/graphql") return c.json({ data: null, errors: [{ message, extensions: graphqlExtensions({ code: "MAINTENANCE" }) }] }, status);
    if (path.startsWith("/trpc/")) {
      const code = trpcCodeOf("MAINTENANCE");
      const one = (procedure: string) => ({
        error: transformer.serialize({ message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status, path: procedure, app: { code: "MAINTENANCE" } } }),
      });
      const procedures = path.slice("/trpc/".length).split(",");
      return c.json(c.req.query("batch") ? procedures.map(one) : one(procedures[0]!), status);
    }
    return c.json({ error: { code: "MAINTENANCE", message } }, status);
  };
}

/** tokenAuth, refreshToken or logout alone in the body: the wrapper's sign-in stays open like the web client's. */
async function isOpenGraphqlOperation(req: Request): Promise<boolean> {
  const body = (await req.json().catch(() => null)) as { query?: unknown } | null;
  return typeof body?.query === "string" && body.query.length < 2_000 && OPEN_GRAPHQL.test(body.query);
}

async function isAdministrator(deps: Deps, req: Request): Promise<boolean> {
  const header = req.headers.get("authorization")?.match(/^(?:JWT|Bearer)\s+(\S+)$/i)?.[1];
  const token = parseCookies(req.headers.get("cookie"))[SESSION_COOKIE] || header;
  if (!token) return false;
  const session = await validateSessionToken(deps, token);
  return session?.viewer.isAdmin === true;
}
