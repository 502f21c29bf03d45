import type { z } from "zod";
import type { TAuthResult, TRefreshInput, ZLoginInput, ZRegisterInput } from "@shared/schemas/auth";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { assertBirthDate, sendFirstConfirmation } from "../accounts/service";
import { registerNativeDevice } from "../notifications/service";
import { findRegionIdBySlug } from "../regions/service";
import * as repo from "./repo";
import { createSession, extendSession, invalidateSession, sessionIdOf, validateSessionToken } from "./sessions";
import { beginLoginAttempt, recordLoginSuccess } from "./throttle";

// Verified against when the e-mail is unknown, so both paths cost one argon2 verification.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= Bun.password.hash("not-a-real-password", { algorithm: "argon2id" }));

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

/** The token is for the GraphQL tokenAuth answer only; tRPC's output schema drops it. */
export type AuthSession = TAuthResult & { token: string };

async function startSession(ctx: Ctx, userId: number): Promise<AuthSession> {
  // A new session on every login: an old (possibly planted) session id is never promoted.
  if (ctx.viewer) await invalidateSession(ctx.deps, ctx.viewer.sessionId);
  const { token, expiresAt } = await createSession(ctx.deps, userId, ctx.meta.userAgent);
  ctx.cookies.set(token, expiresAt);
  return { userId, refreshExpiresIn: Math.floor(expiresAt.getTime() / 1000), token };
}

export async function register(ctx: Ctx, input: z.output<typeof ZRegisterInput>): Promise<AuthSession> {
  if (input.dateOfBirth) assertBirthDate(ctx, input.dateOfBirth);
  const regionId = await findRegionIdBySlug(ctx, input.regionSlug);
  if (await repo.emailExists(ctx.deps.db, input.email)) throw new AppError("EMAIL_IN_USE");
  const passwordHash = await hashPassword(input.password);
  const userId = await repo.insertUser(ctx.deps.db, {
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth ?? null,
    regionId,
    applicationLanguage: input.language,
    createdAt: ctx.deps.clock.now(),
  });
  if (userId === null) throw new AppError("EMAIL_IN_USE"); // lost a race on the unique index
  ctx.deps.logger.info("user registered", { userId });
  await sendFirstConfirmation(ctx, userId);
  const session = await startSession(ctx, userId);
  if (input.deviceToken) {
    // The wrapper's device becomes the new account's device (the notifications domain owns the
    // table), so it gets the account's pushes from now on.
    const viewer = { userId, isAdmin: false, sessionId: sessionIdOf(session.token), sessionExpiresAt: new Date(session.refreshExpiresIn * 1000) };
    await registerNativeDevice({ ...ctx, viewer }, { deviceToken: input.deviceToken, language: input.language });
  }
  return session;
}

export async function login(ctx: Ctx, input: z.output<typeof ZLoginInput>): Promise<AuthSession> {
  // Counted as a failure before the password is checked, so parallel requests cannot outrun the throttle.
  const admission = await beginLoginAttempt(ctx.deps, input.email, ctx.meta.ip);
  if (!admission.allowed) {
    throw new AppError("TOO_MANY_LOGIN_ATTEMPTS", { details: { retryAfterSeconds: admission.retryAfterSeconds } });
  }
  const user = await repo.findCredentialsByEmail(ctx.deps.db, input.email);
  const valid = await Bun.password.verify(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !valid) throw new AppError("INVALID_CREDENTIALS"); // stays counted
  await recordLoginSuccess(ctx.deps, admission.attempt);
  return startSession(ctx, user.id);
}

export async function logout(ctx: Ctx): Promise<{ ok: true }> {
  if (ctx.viewer) await invalidateSession(ctx.deps, ctx.viewer.sessionId);
  ctx.cookies.clear();
  return { ok: true };
}

/**
 * The old API's refreshToken with our sliding sessions (README Decisions "Sessions", "GraphQL tokens"):
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

/** Whether another account already uses the address (profile changes). */
export async function isEmailTaken(ctx: Ctx, email: string, exceptUserId: number): Promise<boolean> {
  const found = await repo.findCredentialsByEmail(ctx.deps.db, email);
  return found !== null && found.id !== exceptUserId;
}
