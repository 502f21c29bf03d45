import { isOldEnough } from "@shared/rules/age";
import { berlinDay } from "@shared/rules/berlin-time";
import type { z } from "zod";
import type { TAuthResult, ZLoginInput, ZRegisterInput } from "@shared/schemas/auth";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { sendFirstConfirmation } from "../accounts/service";
import { findRegionIdBySlug } from "../regions/service";
import * as repo from "./repo";
import { createSession, extendSession, invalidateSession } from "./sessions";
import { loginWaitSeconds, recordLoginFailure, recordLoginSuccess } from "./throttle";

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
  if (!isOldEnough(input.dateOfBirth, berlinDay(ctx.deps.clock.now()))) {
    throw new AppError("TOO_YOUNG", { fields: [{ path: "dateOfBirth", code: "too_young" }] });
  }
  const regionId = await findRegionIdBySlug(ctx, input.regionSlug);
  if (await repo.emailExists(ctx.deps.db, input.email)) throw new AppError("EMAIL_IN_USE");
  const passwordHash = await hashPassword(input.password);
  const userId = await repo.insertUser(ctx.deps.db, {
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth,
    regionId,
    applicationLanguage: input.language,
    createdAt: ctx.deps.clock.now(),
  });
  if (userId === null) throw new AppError("EMAIL_IN_USE"); // lost a race on the unique index
  ctx.deps.logger.info("user registered", { userId });
  await sendFirstConfirmation(ctx, userId);
  return startSession(ctx, userId);
}

export async function login(ctx: Ctx, input: z.output<typeof ZLoginInput>): Promise<AuthSession> {
  const wait = await loginWaitSeconds(ctx.deps, input.email, ctx.meta.ip);
  if (wait > 0) throw new AppError("TOO_MANY_LOGIN_ATTEMPTS", { details: { retryAfterSeconds: wait } });

  const user = await repo.findCredentialsByEmail(ctx.deps.db, input.email);
  const valid = await Bun.password.verify(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !valid) {
    await recordLoginFailure(ctx.deps, input.email, ctx.meta.ip);
    throw new AppError("INVALID_CREDENTIALS");
  }
  await recordLoginSuccess(ctx.deps, input.email);
  return startSession(ctx, user.id);
}

export async function logout(ctx: Ctx): Promise<{ ok: true }> {
  if (ctx.viewer) await invalidateSession(ctx.deps, ctx.viewer.sessionId);
  ctx.cookies.clear();
  return { ok: true };
}

/** Extends the current session to 30 days and re-sends its cookie (the old API's refreshToken). */
export async function refresh(ctx: Ctx): Promise<AuthSession> {
  if (!ctx.viewer || !ctx.meta.sessionToken) throw new AppError("UNAUTHENTICATED");
  const expiresAt = await extendSession(ctx.deps, ctx.viewer.sessionId);
  ctx.cookies.set(ctx.meta.sessionToken, expiresAt);
  return {
    userId: ctx.viewer.userId,
    refreshExpiresIn: Math.floor(expiresAt.getTime() / 1000),
    token: ctx.meta.sessionToken,
  };
}

/** Whether another account already uses the address (profile changes). */
export async function isEmailTaken(ctx: Ctx, email: string, exceptUserId: number): Promise<boolean> {
  const found = await repo.findCredentialsByEmail(ctx.deps.db, email);
  return found !== null && found.id !== exceptUserId;
}
