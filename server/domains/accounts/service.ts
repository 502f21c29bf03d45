import { safeRedirectPath } from "@shared/rules/safe-redirect";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { z } from "zod";
import { birthDateProblem } from "@shared/rules/age";
import { berlinDay } from "@shared/rules/berlin-time";
import type { ZRegisterInput } from "@shared/schemas/auth";
import type {
  ZConfirmEmailInput,
  ZEditProfileInput,
  ZRequestPasswordResetInput,
  ZResetPasswordInput,
} from "@shared/schemas/account";
import type { TMyAccount } from "@shared/schemas/users";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { enqueueMail } from "../notifications/outbox";
import { AppError } from "../../lib/errors";
import { hashPassword } from "../../lib/password";
import { deleteAddressesOf } from "../addresses/service";
import { requireViewer } from "../auth/viewer";
import { startSession, type AuthSession } from "../auth/service";
import { endUserSessions, sessionIdOf } from "../auth/sessions";
import { cancelGamesOrganisedBy } from "../games/manage";
import { registerNativeDevice } from "../notifications/service";
import { withdrawFromUpcomingGames } from "../participation/service";
import { findRegionIdBySlug } from "../regions/service";
import { discardProfileImageFile } from "../users/profile-image";
import * as users from "../users/service";
import { deactivateTemplatesOf } from "../weekly/service";
import * as repo from "./repo";

const HOUR = 3600_000;
export const CONFIRM_EMAIL_VALID_HOURS = 48;
export const RESET_PASSWORD_VALID_HOURS = 2;
/** A new link is sent at most once a minute per account; the answer stays the same. */
const RESEND_AFTER_MS = 60_000;

const hash = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/**
 * A given birth date must not lie in the future and must mean 16 or older on today's Berlin date
 * (spec 001 section 5), at registration and on the profile alike.
 */
export function assertBirthDate(ctx: Ctx, dateOfBirth: string): void {
  const problem = birthDateProblem(dateOfBirth, berlinDay(ctx.deps.clock.now()));
  if (problem === "too_young") throw new AppError("TOO_YOUNG", { fields: [{ path: "dateOfBirth", code: problem }] });
  if (problem) throw new AppError("VALIDATION", { fields: [{ path: "dateOfBirth", code: problem }] });
}

async function sendConfirmation(ctx: Ctx, tx: Tx, user: { id: number; email: string; firstName: string; applicationLanguage: "de" | "en" }) {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const now = ctx.deps.clock.now();
  await repo.insertToken(tx, {
    userId: user.id,
    kind: "confirm-email",
    tokenHash: hash(token),
    email: user.email,
    expiresAt: new Date(now.getTime() + CONFIRM_EMAIL_VALID_HOURS * HOUR),
    createdAt: now,
  });
  const link = `${ctx.deps.config.publicUrl}/confirm-email?token=${token}`;
  await enqueueMail(ctx.deps, { to: user.email, language: user.applicationLanguage, template: { name: "confirm-email", data: { firstName: user.firstName, link } } }, tx);
}

/**
 * Creates an account and signs it in (the tRPC auth.register and GraphQL register calls). It lives
 * here, not in auth, so the domains stay a chain: accounts → auth (sessions) → users (the row).
 */
export async function register(ctx: Ctx, input: z.output<typeof ZRegisterInput>): Promise<AuthSession> {
  if (input.dateOfBirth) assertBirthDate(ctx, input.dateOfBirth);
  const regionId = await findRegionIdBySlug(ctx, input.regionSlug);
  if (await users.isEmailTaken(ctx.deps.db, input.email)) throw new AppError("EMAIL_IN_USE");
  const passwordHash = await hashPassword(input.password);
  const userId = await users.createUser(ctx.deps.db, {
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
    await registerNativeDevice({ ...ctx, viewer }, { deviceToken: input.deviceToken, language: input.language }, { ifTaken: "keep" });
  }
  return session;
}

/** How long the link of a password-less account's welcome mail sets a password (longer than a reset: it may wait for the weekend). */
export const WELCOME_PASSWORD_VALID_DAYS = 7;

/**
 * An account for somebody who gave only names and an e-mail (a tournament team registered without signing in;
 * server/domains/tournaments/README.md "Registration and accounts"), in the caller's transaction: no password (an
 * unusable random hash, never told to anybody) and a welcome mail with a link to set one (the password-reset token,
 * valid WELCOME_PASSWORD_VALID_DAYS). Answers null when the address has an account. The caller signs the new account
 * in with `signInNewAccount` once its transaction committed.
 */
export async function createPasswordlessAccount(
  ctx: Ctx,
  tx: Tx,
  input: { email: string; firstName: string; lastName: string; language: "de" | "en"; regionId: number | null; returnPath?: string },
): Promise<number | null> {
  if (await users.isEmailTaken(tx, input.email)) return null;
  const now = ctx.deps.clock.now();
  const unusable = await hashPassword(encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32))));
  const userId = await users.createUser(tx, {
    email: input.email,
    passwordHash: unusable,
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: null,
    regionId: input.regionId,
    applicationLanguage: input.language,
    createdAt: now,
  });
  if (userId === null) return null;
  const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(96)));
  await repo.insertToken(tx, {
    userId,
    kind: "reset-password",
    tokenHash: hash(token),
    email: input.email,
    expiresAt: new Date(now.getTime() + WELCOME_PASSWORD_VALID_DAYS * 24 * HOUR),
    createdAt: now,
  });
  // after setting the password and signing in, the link leads back where the account was made (a tournament page)
  const back = safeRedirectPath(input.returnPath);
  const link = `${ctx.deps.config.publicUrl}/reset-password?reset_token=${token}${back ? `&redirect=${encodeURIComponent(back)}` : ""}`;
  await enqueueMail(ctx.deps, { to: input.email, language: input.language, template: { name: "welcome-set-password", data: { firstName: input.firstName, link } } }, tx);
  ctx.deps.logger.info("password-less account created", { userId });
  return userId;
}

/** Signs a just-created account in on this request (session cookie), as registration does. */
export async function signInNewAccount(ctx: Ctx, userId: number): Promise<void> {
  await startSession(ctx, userId);
}

/** Sends a confirmation link (valid 48 h) to the signed-in user's address. */
export async function requestEmailConfirmation(ctx: Ctx): Promise<{ sent: boolean; alreadyVerified: boolean }> {
  const userId = requireViewer(ctx).userId;
  return ctx.deps.db.transaction(async (tx) => {
    const user = (await users.findUser(tx, userId))!;
    if (user.emailVerifiedAt) return { sent: false, alreadyVerified: true };
    const now = ctx.deps.clock.now();
    if (!(await repo.lastTokenSince(tx, userId, "confirm-email", new Date(now.getTime() - RESEND_AFTER_MS)))) await sendConfirmation(ctx, tx, user);
    return { sent: true, alreadyVerified: false };
  });
}

/** Right after registration the first confirmation link goes out by itself. */
async function sendFirstConfirmation(ctx: Ctx, userId: number): Promise<void> {
  await ctx.deps.db.transaction(async (tx) => {
    const user = await users.findUser(tx, userId);
    if (user && !user.emailVerifiedAt) await sendConfirmation(ctx, tx, user);
  });
}

/** Confirms the address the link was sent to; works signed in or not (link from another device). */
export async function confirmEmail(ctx: Ctx, input: z.output<typeof ZConfirmEmailInput>): Promise<{ ok: true }> {
  return ctx.deps.db.transaction(async (tx) => {
    const now = ctx.deps.clock.now();
    const token = await repo.findToken(tx, "confirm-email", hash(input.emailToken));
    if (!token) throw new AppError("EMAIL_TOKEN_INVALID");
    const user = await users.findUser(tx, token.userId);
    // A link for an address the account no longer has is worthless.
    if (!user || user.deletedAt || user.email !== token.email) throw new AppError("EMAIL_TOKEN_INVALID");
    if (token.usedAt) {
      if (user.emailVerifiedAt) return { ok: true as const }; // clicked twice: still confirmed
      throw new AppError("EMAIL_TOKEN_INVALID");
    }
    if (now >= token.expiresAt) throw new AppError("EMAIL_TOKEN_EXPIRED");
    await repo.markUsed(tx, token.id, now);
    if (!user.emailVerifiedAt) await users.markEmailVerified(tx, user.id, now);
    return { ok: true as const };
  });
}

/** Always the same answer, whether or not the address has an account (accounts cannot be probed). */
export async function requestPasswordReset(ctx: Ctx, input: z.output<typeof ZRequestPasswordResetInput>): Promise<{ ok: true }> {
  await ctx.deps.db.transaction(async (tx) => {
    const user = await users.findActiveUserByEmail(tx, input.email);
    if (!user) return;
    const now = ctx.deps.clock.now();
    if (await repo.lastTokenSince(tx, user.id, "reset-password", new Date(now.getTime() - RESEND_AFTER_MS))) return;
    // 96 random bytes in base64url: exactly 128 characters (spec 001 section 5).
    const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(96)));
    await repo.insertToken(tx, {
      userId: user.id,
      kind: "reset-password",
      tokenHash: hash(token),
      email: user.email,
      expiresAt: new Date(now.getTime() + RESET_PASSWORD_VALID_HOURS * HOUR),
      createdAt: now,
    });
    const link = `${ctx.deps.config.publicUrl}/reset-password?reset_token=${token}`;
    await enqueueMail(ctx.deps, { to: user.email, language: user.applicationLanguage, template: { name: "reset-password", data: { firstName: user.firstName, link } } }, tx);
  });
  return { ok: true };
}

/** A single-use token sets the new password and ends every session of the account. */
export async function resetPassword(ctx: Ctx, input: z.output<typeof ZResetPasswordInput>): Promise<{ ok: true }> {
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.deps.db.transaction(async (tx) => {
    const now = ctx.deps.clock.now();
    const token = await repo.findToken(tx, "reset-password", hash(input.resetToken));
    if (!token || token.usedAt || now >= token.expiresAt) throw new AppError("RESET_TOKEN_INVALID");
    const user = await users.findUser(tx, token.userId);
    if (!user || user.deletedAt) throw new AppError("RESET_TOKEN_INVALID");
    await users.setPasswordHash(tx, user.id, passwordHash, now);
    await repo.expireTokens(tx, user.id, "reset-password", now);
    await endUserSessions(tx, user.id);
  });
  return { ok: true };
}

export async function editProfile(ctx: Ctx, input: z.output<typeof ZEditProfileInput>): Promise<TMyAccount> {
  const userId = requireViewer(ctx).userId;
  const now = ctx.deps.clock.now();
  if (input.dateOfBirth) assertBirthDate(ctx, input.dateOfBirth);
  const regionId = input.regionSlug ? await findRegionIdBySlug(ctx, input.regionSlug) : undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const emailTaken = input.email ? await users.isEmailTaken(ctx.deps.db, input.email, userId) : false;
  if (emailTaken) throw new AppError("EMAIL_IN_USE");
  await ctx.deps.db.transaction(async (tx) => {
    const user = (await users.findUser(tx, userId))!;
    const emailChanged = input.email !== undefined && input.email !== user.email;
    // A changed address is unverified again (users.updateProfile).
    await users.updateProfile(
      tx,
      userId,
      {
        ...(emailChanged ? { email: input.email } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
        ...(input.receiveGameEmails !== undefined ? { receiveGameEmails: input.receiveGameEmails } : {}),
        ...(regionId !== undefined ? { regionId } : {}),
      },
      now,
    );
    if (emailChanged) {
      // The new address must be confirmed again; the old one is told, in case it was not the owner.
      await repo.expireTokens(tx, userId, "confirm-email", now);
      await enqueueMail(
        ctx.deps,
        { to: user.email, language: user.applicationLanguage, template: { name: "email-changed", data: { firstName: user.firstName, newEmail: input.email! } } },
        tx,
      );
      await sendConfirmation(ctx, tx, { ...user, email: input.email!, firstName: input.firstName ?? user.firstName });
    }
    if (passwordHash) {
      // A new password ends every other session; this one stays signed in.
      await endUserSessions(tx, userId, ctx.viewer?.sessionId);
      await repo.expireTokens(tx, userId, "reset-password", now);
    }
  });
  return users.myAccount(ctx);
}

/**
 * Deletes an account without breaking other people's history (README.md here): personal data is
 * removed and the row anonymised; the user's weekly sessions are deactivated; games the user organises that are still to come are cancelled,
 * their places in upcoming games are given up (the waiting lists move up), their teams in tournaments that have not
 * started are cancelled and refunded (Deps.accountDeletionHooks); past games keep
 * "Gelöschtes Konto" as organiser or player.
 */
export async function deleteAccount(ctx: Ctx): Promise<{ ok: true }> {
  const userId = requireViewer(ctx).userId;
  const now = ctx.deps.clock.now();
  const oldImage = (await users.findUser(ctx.deps.db, userId))?.profileImageUrl ?? null;
  const unusable = await hashPassword(encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32))));
  await ctx.deps.db.transaction(async (tx) => {
    await deactivateTemplatesOf(tx, userId, now);
    await cancelGamesOrganisedBy(ctx, tx, userId, now);
    await withdrawFromUpcomingGames(ctx, tx, userId, now);
    for (const hook of ctx.deps.accountDeletionHooks ?? []) await hook(ctx.deps, tx, userId, now);
    await users.anonymiseUser(tx, userId, unusable, now);
    await deleteAddressesOf(tx, userId);
    await repo.deleteTokens(tx, userId);
    await endUserSessions(tx, userId);
  });
  ctx.cookies.clear();
  if (oldImage) await discardProfileImageFile(ctx, oldImage);
  ctx.deps.logger.info("account deleted", { userId });
  return { ok: true };
}
