import type { GameActor } from "@shared/rules/game-permissions";
import { isCommunityManager } from "@shared/rules/roles";
import type { TMyAccount, TPublicUser } from "@shared/schemas/users";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";

function requireViewer(ctx: Ctx) {
  if (!ctx.viewer) throw new AppError("UNAUTHENTICATED");
  return ctx.viewer;
}

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

/** The signed-in user for permission checks, or null for visitors. */
export async function actorOrNull(ctx: Ctx): Promise<Actor | null> {
  return ctx.viewer ? repo.findActor(ctx.deps.db, ctx.viewer.userId) : null;
}

/** Stores ratings computed by the participation domain (inside its transaction). */
export async function setRatings(tx: DbOrTx, userId: number, ratings: { reliabilityRating: number | null; punctualityRating: number | null }) {
  await repo.setRatings(tx, userId, ratings);
}
