import type { TTournament } from "@shared/schemas/tournaments";

/** What the registration form needs of a tournament. */
type Priced = Pick<TTournament, "participationPriceCents" | "pricePerPlayer">;

/**
 * The player counts a team may register with when the price is per player (spec 001 section 5): from the game mode
 * (a side on the pitch) up to the tournament's maximum (default 15).
 */
export function playerCountOptions(gameMode: number, maxPlayers: number): number[] {
  const from = Math.max(1, gameMode);
  const to = Math.max(from, maxPlayers);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** What a team owes in cents: the price times its players when the price is per player, else the price once. */
export function teamTotalCents(tournament: Priced, playerCount: number): number {
  return tournament.pricePerPlayer ? tournament.participationPriceCents * playerCount : tournament.participationPriceCents;
}

/**
 * Why the form cannot register now, before the tap (the server refuses the same with TOURNAMENT_REGISTRATION_CLOSED):
 * a draft, a tournament that started, or a cancelled one; null when it is open.
 */
export function registrationClosedReason(
  tournament: Pick<TTournament, "publishedAt" | "cancelledAt" | "startTime">,
  now: Date,
): "draft" | "started" | "cancelled" | null {
  if (tournament.cancelledAt) return "cancelled";
  if (!tournament.publishedAt) return "draft";
  if (tournament.startTime.getTime() <= now.getTime()) return "started";
  return null;
}

/** The requirement the form states before the tap: full (waiting list) first, then invoice data for business ones. */
export function registrationRequirements(tournament: Pick<TTournament, "full" | "business" | "participationPriceCents">): ("waitingList" | "invoiceData")[] {
  const list: ("waitingList" | "invoiceData")[] = [];
  if (tournament.full) list.push("waitingList");
  if (tournament.business && tournament.participationPriceCents > 0) list.push("invoiceData");
  return list;
}

/** The one status a team shows (spec 001 sections 3, 4): cancelled or refunded, waiting, paid (online or cash), free, or open to pay. */
export type TeamStatusKind = "refunded" | "cancelled" | "waiting" | "paid" | "paidCash" | "registered" | "open";

export function teamStatusKind(team: { paymentStatus: "Open" | "Paid" | "PaidExternally" | "Refunded"; queue: boolean; cancelledAt: Date | null; amountCents: number }): TeamStatusKind {
  if (team.paymentStatus === "Refunded") return "refunded";
  if (team.cancelledAt) return "cancelled";
  if (team.queue) return "waiting";
  if (team.paymentStatus === "Paid") return "paid";
  if (team.paymentStatus === "PaidExternally") return "paidCash";
  return team.amountCents === 0 ? "registered" : "open";
}
