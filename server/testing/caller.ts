import type { AppErrorData, FieldIssue } from "@shared/errors";
import { ZodError } from "zod";
import type { Ctx, Deps, Viewer } from "../context";
import { validateSessionToken } from "../domains/auth/sessions";
import { AppError, fieldIssuesFromZod } from "../lib/errors";
import { createCallerFactory } from "../trpc/init";
import { appRouter } from "../trpc/router";

const factory = createCallerFactory(appRouter);

// Each caller comes from its own address (documentation range 198.18.0.0/15), as browsers do: the
// per-address login throttle must not couple tests that travel in time within one process.
let callerCount = 0;
const nextIp = () => {
  callerCount++;
  return `198.${18 + ((callerCount >> 16) & 1)}.${(callerCount >> 8) & 255}.${callerCount & 255}`;
};

/** Records what the service did with the session cookie. */
export type CookieLog = { token: string | null; expiresAt: Date | null; cleared: boolean };

/**
 * A tRPC caller through the real router and middleware (CSRF, auth), as a browser with the
 * given session token (or none) would reach it.
 */
export async function callerFor(
  deps: Deps,
  opts: { token?: string | null; ip?: string; csrfOk?: boolean; userAgent?: string } = {},
) {
  const session = opts.token ? await validateSessionToken(deps, opts.token) : null;
  const cookies: CookieLog = { token: null, expiresAt: null, cleared: false };
  const ctx: Ctx = {
    deps,
    viewer: (session?.viewer ?? null) as Viewer | null,
    meta: {
      ip: opts.ip ?? nextIp(),
      userAgent: opts.userAgent ?? "bun-test",
      csrfOk: opts.csrfOk ?? true,
      sessionToken: session ? (opts.token ?? null) : null,
    },
    cookies: {
      set: (token, expiresAt) => Object.assign(cookies, { token, expiresAt, cleared: false }),
      clear: () => Object.assign(cookies, { token: null, expiresAt: null, cleared: true }),
    },
  };
  return { caller: factory(ctx), cookies, ctx };
}

/**
 * What the client reads in `data.app` when a call fails (server/trpc/init.ts): the code and, for
 * VALIDATION, the field issues, so a test names the field and the rule that refused; `{ code: "OK" }`
 * when it succeeded. (Fields read-only, so a test table written `as const` can state them.) The one way a
 * test asserts a refusal: `expect(await errorData(call)).toMatchObject({ code: "GAME_NOT_FOUND" })`, for a
 * procedure through `callerFor` and for a service called directly (its AppError) alike.
 */
export async function errorData(call: Promise<unknown>): Promise<Omit<AppErrorData, "fields"> & { fields?: readonly FieldIssue[] } | { code: "OK" }> {
  try {
    await call;
  } catch (e) {
    const cause = e instanceof AppError ? e : (e as { cause?: unknown }).cause;
    if (cause instanceof AppError) return cause.toData();
    if (cause instanceof ZodError) return { code: "VALIDATION", fields: fieldIssuesFromZod(cause.issues) };
    throw e;
  }
  return { code: "OK" };
}
