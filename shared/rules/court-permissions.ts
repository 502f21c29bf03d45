import type { GameActor } from "./game-permissions";
import { isCommunityManager } from "./roles";

type Actor = Pick<GameActor, "id" | "isAdmin" | "organizationId" | "groupNames">;

/** Admins and the staff groups Leiter and Mitarbeiter manage courts and upload court images (spec 001 section 6). */
export const canManageCourt = (a: Actor | null) => a !== null && (a.isAdmin || isCommunityManager(a.groupNames));

/** The owner's calendar link is the owner's and the admins' business only. */
export const canSeeCourtCalendar = (a: Actor | null, court: { ownerId: number | null }) =>
  a !== null && (a.isAdmin || (court.ownerId !== null && court.ownerId === a.id));

/** Admins and members of the organisation upload its logo (spec 001 section 6). */
export const canUploadOrganizationLogo = (a: Actor | null, organizationId: number) =>
  a !== null && (a.isAdmin || a.organizationId === organizationId);
