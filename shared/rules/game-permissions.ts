import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER } from "../constants";

/** Who is acting, as far as game permissions care (spec 000 section 6). */
export type GameActor = {
  id: number;
  isAdmin: boolean;
  organizationId: number | null;
  groupNames: readonly string[];
  emailVerified: boolean;
};

const inGroup = (a: GameActor, ...names: string[]) => a.groupNames.some((g) => names.includes(g));

/** A title may be set by admins and organisation users. */
export const canSetTitle = (a: GameActor) => a.isAdmin || a.organizationId !== null;

/**
 * Setting a price needs a permission the spec does not spell out (server/domains/games/README.md): admins,
 * organisation members and the staff groups.
 */
export const canSetPrice = (a: GameActor) =>
  a.isAdmin || a.organizationId !== null || inGroup(a, STAFF_GROUP_LEAD, STAFF_GROUP_EMPLOYEE, STAFF_GROUP_PARTNER);

/** Instant capture: admins and the two partner staff groups (Leiter, Partner). */
export const canUseInstantCapture = (a: GameActor) => a.isAdmin || inGroup(a, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER);

/** "I play myself" can be switched off only by admins and organisations. */
export const canOrganiseWithoutPlaying = (a: GameActor) => a.isAdmin || a.organizationId !== null;

/** The product's own game type is published by admins only. */
export const canPublishOwnType = (a: GameActor) => a.isAdmin;

export const canMarkOrganizationGame = (a: GameActor) => a.organizationId !== null;

/** Creator, admin, or a member of the game's organisation manage a game. */
export function canManageGame(a: GameActor | null, game: { creatorId: number; organizationId: number | null }): boolean {
  if (!a) return false;
  return a.isAdmin || a.id === game.creatorId || (game.organizationId !== null && a.organizationId === game.organizationId);
}
