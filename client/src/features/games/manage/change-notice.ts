import { managedPaymentChangeWarnings, type ManagedGameShape, type ManagedPaymentChangeWarning } from "@shared/rules/managed-changes";
import type { TGame } from "@shared/schemas/games";

/** Players other than the organiser are in, so changes to a managed-payment game affect them. */
export function hasOtherPlayers(game: TGame): boolean {
  return game.participations.some((p) => p.player?.id !== game.creator.id);
}

export function managedShapeOf(game: TGame): ManagedGameShape {
  return {
    startTime: game.startTime,
    courtId: game.court?.id ?? null,
    teams: game.teams,
    gameMode: game.gameMode,
    maxPlayers: game.maxPlayers,
    durationMinutes: game.durationMinutes,
    minPlayers: game.minPlayers,
  };
}

/** What has to be confirmed before saving (spec 000 section 5): managed-payment changes, switching to managed payment. */
export type ChangeNotice = { warnings: ManagedPaymentChangeWarning[]; switchedToManaged: boolean };

export function changeNoticeFor(game: TGame, after: ManagedGameShape, isManagedPaymentAfter: boolean): ChangeNotice | null {
  if (!hasOtherPlayers(game)) return null;
  const warnings = game.isManagedPayment && isManagedPaymentAfter ? managedPaymentChangeWarnings(managedShapeOf(game), after) : [];
  const switchedToManaged = !game.isManagedPayment && isManagedPaymentAfter;
  return warnings.length > 0 || switchedToManaged ? { warnings, switchedToManaged } : null;
}

