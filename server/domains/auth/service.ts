import type { z } from "zod";
import type { TAuthResult, TRefreshInput, ZLoginInput } from "@shared/schemas/auth";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import { findUserByEmail } from "../users/service";
import { createSession, extendSession, invalidateSession, validateSessionToken } from "./sessions";
import { beginLoginAttempt, recordLoginSuccess } from "./throttle";

/**
 * Who is signed in: sessions, login (with its throttle), logout, refresh. Creating an account is the
 * accounts domain's (accounts → auth → users, never back), which signs the new user in through
 * `startSession`.
 */

/** The token is for the GraphQL tokenAuth answer only; tRPC's output schema drops it. */
export type AuthSession = TAuthResult & { token: string };

/** Signs the user in on this request (cookie set); used by login and by registration. */
export async function startSession(ctx: Ctx, userId: number): Promise<AuthSession> {
  // A new session on every login: an old (possibly planted) session id is never promoted.
  if (ctx.viewer) await invalidateSession(ctx.deps, ctx.viewer.sessionId);
  const { token, expiresAt } = await createSession(ctx.deps, userId, ctx.meta.userAgent);
  ctx.cookies.set(token, expiresAt);
  return { userId, refreshExpiresIn: Math.floor(expiresAt.getTime() / 1000), token };
}

export async function login(ctx: Ctx, input: z.output<typeof ZLoginInput>): Promise<AuthSession> {
  // Counted as a failure before the password is checked, so parallel requests cannot outrun the throttle.
  const admission = await beginLoginAttempt(ctx.deps, input.email, ctx.meta.ip);
  if (!admission.allowed) {
    throw new AppError("TOO_MANY_LOGIN_ATTEMPTS", { details: { retryAfterSeconds: admission.retryAfterSeconds } });
  }
  const user = await findUserByEmail(ctx.deps.db, input.email);
  // An unknown address costs one argon2 verification too, so timing does not tell accounts apart.
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid) throw new AppError("INVALID_CREDENTIALS"); // stays counted
  // Only with the right password, so the refusal tells nothing to somebody guessing (issue 26).
  if (user.blockedAt) throw new AppError("ACCOUNT_BLOCKED");
  await recordLoginSuccess(ctx.deps, admission.attempt);
  return startSession(ctx, user.id);
}

export async function logout(ctx: Ctx): Promise<{ ok: true }> {
  if (ctx.viewer) await invalidateSession(ctx.deps, ctx.viewer.sessionId);
  ctx.cookies.clear();
  return { ok: true };
}

/**
 * The old API's refreshToken with our sliding sessions (server/domains/auth/README.md "Sessions", "GraphQL tokens"):
 * a session that is still valid is renewed to 30 days and its cookie re-sent; an expired, ended or
 * unknown one can never be revived and answers UNAUTHENTICATED, so the client signs out. The wrapper
 * may name the token it holds; without one, the request's own session (cookie or header) is renewed.
 */
export async function refresh(ctx: Ctx, input: TRefreshInput = {}): Promise<AuthSession> {
  const token = input.refreshToken || ctx.meta.sessionToken;
  if (!token) throw new AppError("UNAUTHENTICATED");
  // The request's own session was already looked up (expired ones deleted) by the request context.
  const viewer = token === ctx.meta.sessionToken ? ctx.viewer : ((await validateSessionToken(ctx.deps, token))?.viewer ?? null);
  if (!viewer) throw new AppError("UNAUTHENTICATED");
  const expiresAt = await extendSession(ctx.deps, viewer.sessionId);
  ctx.cookies.set(token, expiresAt);
  return { userId: viewer.userId, refreshExpiresIn: Math.floor(expiresAt.getTime() / 1000), token };
}
