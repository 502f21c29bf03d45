import { priceProblem } from "@shared/rules/game-form";
import {
  canMarkOrganizationGame,
  canPublishOwnType,
  canSetTitle,
  canUseInstantCapture,
  type GameActor,
} from "@shared/rules/game-permissions";
import { startTimeProblem } from "@shared/rules/game-windows";
import { canPriceGame, canUseManagedPayment, type OrganiserPaymentAccount } from "@shared/rules/managed-payment";
import { AppError } from "../../lib/errors";

/* The checks creating and editing a game share. */

export type PermissionFields = {
  title?: string | null;
  priceCents?: number;
  gameType?: "PUBLIC" | "PRIVATE" | "KICKRUNDE";
  instantCapture?: boolean;
  isOrganizationGame?: boolean;
  isManagedPayment?: boolean;
};

/**
 * Refuses fields the actor may not set (spec 000 section 6); on an edit only fields that change.
 * `organiser` is the creator's payment account: managed payment pays out to it, so turning it on
 * needs charges enabled there (MANAGED_PAYMENT_NOT_ALLOWED), and it lets that organiser price a
 * managed-payment game (shared/rules/managed-payment.ts).
 */
export function checkFieldPermissions(actor: GameActor, f: PermissionFields, before: PermissionFields | undefined, organiser: OrganiserPaymentAccount) {
  const changed = <K extends keyof PermissionFields>(k: K) => f[k] !== undefined && (!before || f[k] !== before[k]);
  const isManagedPayment = f.isManagedPayment ?? before?.isManagedPayment ?? false;
  if (changed("title") && f.title && !canSetTitle(actor)) throw new AppError("TITLE_NOT_ALLOWED");
  if (changed("isManagedPayment") && f.isManagedPayment && !canUseManagedPayment(organiser)) throw new AppError("MANAGED_PAYMENT_NOT_ALLOWED");
  if (changed("priceCents") && (f.priceCents ?? 0) > 0 && !canPriceGame(actor, { isManagedPayment, organiser })) throw new AppError("PRICE_NOT_ALLOWED");
  if (changed("gameType") && f.gameType === "KICKRUNDE" && !canPublishOwnType(actor)) throw new AppError("GAME_TYPE_NOT_ALLOWED");
  if (changed("instantCapture") && f.instantCapture && !canUseInstantCapture(actor)) throw new AppError("INSTANT_CAPTURE_NOT_ALLOWED");
  if (changed("isOrganizationGame") && f.isOrganizationGame && !canMarkOrganizationGame(actor))
    throw new AppError("ORGANIZATION_GAME_NOT_ALLOWED");
}

export function checkPrice(priceCents: number, isManagedPayment: boolean) {
  const problem = priceProblem(priceCents, isManagedPayment);
  if (problem === "MANAGED_PRICE_TOO_LOW") throw new AppError("MANAGED_PRICE_TOO_LOW");
  if (problem) throw new AppError("VALIDATION", { fields: [{ path: "priceCents", code: problem }] });
}

export function checkStartTime(start: Date, now: Date, isManagedPayment: boolean) {
  const problem = startTimeProblem(start, now, { isManagedPayment });
  if (problem) throw new AppError(problem);
}
