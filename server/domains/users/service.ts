import { berlinMonthOf, monthlyFeePaid } from "@shared/rules/fees";
import type { GameActor } from "@shared/rules/game-permissions";
import { isCommunityManager } from "@shared/rules/roles";
import type { TMyAccount, TPublicUser } from "@shared/schemas/users";
import type { Ctx } from "../../context";
import type { DbOrTx, Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";
import type { NewUserRow, PaymentAccountChanges, UserChanges, UserRow } from "./repo";
import { requireViewer } from "../auth/viewer";

export type { UserRow };

async function loadAccount(ctx: Ctx, userId: number): Promise<TMyAccount> {
  const found = await repo.findUserWithRelations(ctx.deps.db, userId);
  if (!found) throw new AppError("UNAUTHENTICATED"); // the session outlived its user
  const { user, region, organization, groups, headedRegions } = found;
  return {
    id: user.id,
    email: user.email,
    emailVerifiedAt: user.emailVerifiedAt,
    firstName: user.firstName,
    lastName: user.lastName,
    dateOfBirth: user.dateOfBirth,
    profileImageUrl: user.profileImageUrl,
    receiveGameEmails: user.receiveGameEmails,
    region,
    isCourtOwner: user.isCourtOwner,
    isAdmin: user.isAdmin,
    groups,
    organization,
    applicationLanguage: user.applicationLanguage,
    reliabilityRating: user.reliabilityRating,
    punctualityRating: user.punctualityRating,
    headedRegions,
    createdAt: user.createdAt,
    hasPaymentAccount: user.stripeAccountId !== null,
    paymentOnboardingCompleted: user.paymentOnboardingCompleted,
    paymentChargesEnabled: user.paymentChargesEnabled,
    paymentPayoutsEnabled: user.paymentPayoutsEnabled,
    paymentBusinessType: user.paymentBusinessType,
    stripeMonthlyFeePaid: monthlyFeePaid(user.stripeMonthlyFeePaidMonth, ctx.deps.clock.now()),
  };
}

/** The signed-in user's account, or null for visitors (the web client asks without failing). */
export async function myAccountOrNull(ctx: Ctx): Promise<TMyAccount | null> {
  return ctx.viewer ? loadAccount(ctx, ctx.viewer.userId) : null;
}

/** The signed-in user's account; visitors get UNAUTHENTICATED (the old API's myAccount). */
export async function myAccount(ctx: Ctx): Promise<TMyAccount> {
  return loadAccount(ctx, requireViewer(ctx).userId);
}

export async function userById(ctx: Ctx, id: number): Promise<TPublicUser> {
  const found = await repo.findUserWithRelations(ctx.deps.db, id);
  if (!found) throw new AppError("USER_NOT_FOUND");
  const { user, region, groups, headedRegions } = found;
  return {
    id: user.id,
    firstName: user.firstName,
    profileImageUrl: user.profileImageUrl,
    region,
    isAdmin: user.isAdmin,
    isCommunityManager: isCommunityManager(groups.map((g) => g.name)),
    isFounder: ctx.deps.config.founderUserIds.includes(user.id),
    headedRegions,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt,
  };
}

export async function updateLanguage(ctx: Ctx, language: "de" | "en"): Promise<TMyAccount> {
  const viewer = requireViewer(ctx);
  await repo.updateLanguage(ctx.deps.db, viewer.userId, language, ctx.deps.clock.now());
  return loadAccount(ctx, viewer.userId);
}

export type Actor = GameActor & { regionId: number | null; firstName: string };

/** The signed-in user for permission checks; UNAUTHENTICATED for visitors. */
export async function requireActor(ctx: Ctx): Promise<Actor> {
  const actor = await repo.findActor(ctx.deps.db, requireViewer(ctx).userId);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  return actor;
}

/** Another account as an actor (a weekly session's next game is its creator's, whoever confirms it). */
export async function requireActorById(ctx: Pick<Ctx, "deps">, userId: number): Promise<Actor> {
  const actor = await repo.findActor(ctx.deps.db, userId);
  if (!actor) throw new AppError("USER_NOT_FOUND");
  return actor;
}

/** The signed-in user for permission checks, or null for visitors. */
export async function actorOrNull(ctx: Ctx): Promise<Actor | null> {
  return ctx.viewer ? repo.findActor(ctx.deps.db, ctx.viewer.userId) : null;
}

/** Stores ratings computed by the participation domain (inside its transaction). */
export async function setRatings(tx: DbOrTx, userId: number, ratings: { reliabilityRating: number | null; punctualityRating: number | null }) {
  await repo.setRatings(tx, userId, ratings);
}

/* ---------- the users table for other domains (its only writer is ./repo.ts) ---------- */

/** The user's row (account flows: tokens, mails, deletion); null when unknown. */
export function findUser(db: DbOrTx, userId: number): Promise<UserRow | null> {
  return repo.findUser(db, userId);
}

/** The account behind an address, deleted ones included (sign-in checks its password). */
export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  return repo.findUserByEmail(db, email);
}

/** The account behind an address unless it was deleted (password reset). */
export function findActiveUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  return repo.findUserByEmail(db, email, { activeOnly: true });
}

/** Whether an account (other than `exceptUserId`) already uses the address, whatever its case. */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: number): Promise<boolean> {
  const found = await repo.findUserByEmail(db, email);
  return found !== null && found.id !== exceptUserId;
}

/** Creates a user; null when the e-mail was taken meanwhile (the unique index decides a race). */
export function createUser(db: DbOrTx, values: NewUserRow): Promise<number | null> {
  return repo.insertUser(db, values);
}

export async function markEmailVerified(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await repo.updateUser(tx, userId, { emailVerifiedAt: now, updatedAt: now });
}

export async function setPasswordHash(tx: DbOrTx, userId: number, passwordHash: string, now: Date): Promise<void> {
  await repo.updateUser(tx, userId, { passwordHash, updatedAt: now });
}

export type ProfileChanges = Pick<UserChanges, "email" | "passwordHash" | "firstName" | "lastName" | "dateOfBirth" | "receiveGameEmails" | "regionId">;

/** Applies the given profile fields; a new e-mail address is unverified until it is confirmed again. */
export async function updateProfile(tx: DbOrTx, userId: number, changes: ProfileChanges, now: Date): Promise<void> {
  await repo.updateUser(tx, userId, {
    ...changes,
    ...(changes.email !== undefined ? { emailVerifiedAt: null } : {}),
    updatedAt: now,
  });
}

/**
 * Removes the personal data of a deleted account and keeps the row, so other people's history stays
 * whole (README.md here): past games show "Gelöschtes Konto". The password hash is one nobody knows.
 */
export async function anonymiseUser(tx: DbOrTx, userId: number, unusablePasswordHash: string, now: Date): Promise<void> {
  await repo.updateUser(tx, userId, {
    email: `deleted-${userId}@deleted.invalid`,
    passwordHash: unusablePasswordHash,
    emailVerifiedAt: null,
    firstName: "Gelöschtes Konto",
    lastName: null,
    dateOfBirth: null,
    profileImageUrl: null,
    receiveGameEmails: false,
    organizationId: null,
    isAdmin: false,
    isCourtOwner: false,
    deletedAt: now,
    updatedAt: now,
  });
}

/**
 * Locks the user's row until the transaction ends: serialises one user's concurrent actions
 * (e.g. creating games against per-organiser limits) across server processes.
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await repo.lockUser(tx, userId);
}

/* ---------- the payment account (spec 001 sections 2.9, 3): written by onboarding and the provider's webhooks ---------- */

export type { PaymentAccountChanges };

/**
 * Sets the given payment-account fields: the connected account's id, Stripe's `details_submitted`,
 * `charges_enabled`, `payouts_enabled` and `business_type` (as an `account.updated` webhook or the
 * onboarding reports them), or the month of the last monthly fee. False when there is no such user.
 */
export function setPaymentAccount(tx: DbOrTx, userId: number, changes: PaymentAccountChanges, now: Date): Promise<boolean> {
  return repo.setPaymentAccount(tx, userId, changes, now);
}

/** Forgets the connected account (resetPaymentAccount): onboarding starts again with a new one. The fee month stays. */
export function clearPaymentAccount(tx: DbOrTx, userId: number, now: Date): Promise<boolean> {
  return repo.setPaymentAccount(
    tx,
    userId,
    { stripeAccountId: null, paymentOnboardingCompleted: false, paymentChargesEnabled: false, paymentPayoutsEnabled: false, paymentBusinessType: null },
    now,
  );
}

/** The user whose connected account this is (webhooks name the account, `acct_…`); null when none. */
export function findUserByStripeAccountId(db: DbOrTx, stripeAccountId: string): Promise<UserRow | null> {
  return repo.findUserByStripeAccountId(db, stripeAccountId);
}

/**
 * Claims the monthly provider fee for the Berlin month of `now`: true exactly once per month and user
 * (then the caller deducts 2 EUR from this payout, shared/rules/fees.ts deductMonthlyFee), false when
 * it was already paid that month. Call it in the payout's transaction, so a failed payout unclaims it.
 */
export function claimMonthlyFee(tx: DbOrTx, userId: number, now: Date): Promise<boolean> {
  return repo.claimMonthlyFee(tx, userId, berlinMonthOf(now), now);
}

/** Connected accounts still in onboarding, for the payments reconciliation job to read from Stripe. */
export function findIncompletePaymentAccounts(db: DbOrTx, limit: number): Promise<{ userId: number; stripeAccountId: string }[]> {
  return repo.findIncompletePaymentAccounts(db, limit);
}
