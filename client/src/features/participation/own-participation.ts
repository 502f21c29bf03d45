import type { PaymentStatus } from "@shared/constants";
import type { TGame } from "@shared/schemas/games";
import type { AnonymousParticipation } from "@client/lib/local-records";

export type OwnParticipation = {
  id: number;
  queue: boolean;
  playerCount: number;
  playsHimself: boolean;
  bringsBall: boolean;
  bringsBibs: boolean;
  hasReported: boolean;
  paymentStatus: PaymentStatus;
  /** after a change to a managed-payment game: cancelling stays free until then */
  paymentCanCancelUntil: Date | null;
  /** set when the viewer is a guest who joined from this browser */
  guest: AnonymousParticipation | null;
};

/**
 * The viewer's participation in this game: the server's for a signed-in viewer, otherwise a guest
 * participation remembered in this browser that is still in the list.
 */
export function ownParticipation(game: TGame, guestEntries: readonly AnonymousParticipation[]): OwnParticipation | null {
  const viewer = game.viewer.participation;
  if (viewer) return { ...viewer, paymentStatus: viewer.paymentStatus as PaymentStatus, guest: null };
  for (const entry of guestEntries) {
    if (entry.gameId !== game.id) continue;
    const row = game.participations.find((p) => p.id === entry.participationId && p.player === null);
    if (row) {
      return {
        id: row.id,
        queue: row.queue,
        playerCount: row.playerCount,
        playsHimself: row.playsHimself,
        bringsBall: row.bringsBall,
        bringsBibs: row.bringsBibs,
        hasReported: false,
        paymentStatus: "None",
        paymentCanCancelUntil: null,
        guest: entry,
      };
    }
  }
  return null;
}

/** 1-based place on the waiting list, in list order. */
export function waitingPosition(game: TGame, participationId: number): number {
  return game.participations.filter((p) => p.queue).findIndex((p) => p.id === participationId) + 1;
}
