/**
 * The last reservation of a game seen in this tab (sessionStorage): once its deadline passed the
 * server revokes the participation, so the game no longer shows it; this keeps "Reservierung
 * abgelaufen" with its retry on the page. Guarded: storage may be unavailable.
 */
export type RememberedReservation = { participationId: number; playerCount: number; expiresAt: string };

const key = (gameId: number) => `kickrunde.reservation.${gameId}`;

export function rememberReservation(gameId: number, reservation: RememberedReservation): void {
  try {
    window.sessionStorage.setItem(key(gameId), JSON.stringify(reservation));
  } catch {
    // without storage the notice shows only while the participation is still there
  }
}

export function rememberedReservation(gameId: number): RememberedReservation | null {
  try {
    const raw = window.sessionStorage.getItem(key(gameId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RememberedReservation>;
    if (typeof value.participationId !== "number" || typeof value.playerCount !== "number" || typeof value.expiresAt !== "string") return null;
    return value as RememberedReservation;
  } catch {
    return null;
  }
}

export function forgetReservation(gameId: number): void {
  try {
    window.sessionStorage.removeItem(key(gameId));
  } catch {
    // nothing to forget
  }
}
