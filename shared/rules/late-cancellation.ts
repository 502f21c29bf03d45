/**
 * Which short-notice cancellations are replaced now (spec 000 section 4 "Refund on cancellation";
 * server/domains/participation/README.md "Replacements after a late cancellation", "Who is replaced first").
 *
 * Each pending cancellation (a paid player who cancelled within 48 h and still has their hold) needed
 * `needed` replacements when it was made (`replacementsNeeded` in participation.ts). Later the game
 * counts its settled players again: active players whose place is paid or costs nothing (everybody but
 * an Open reservation: a player who has not paid yet replaces nobody). What is still missing,
 *
 *   shortfall = max(0, target - settledPlayers)      target = min(minPlayers, highest amount reached)
 *
 * is carried by the latest cancellations, each up to its own need; the earlier ones are replaced first.
 * A cancellation is replaced only in full (one of two needed players found: the hold stays). Counting
 * instead of naming the replacements means a player who was already in the game at the cancellation
 * (counted in its need then) never counts as its replacement, and the order of arrival does not
 * matter, only that the game got its players back.
 *
 * `pending` in order of cancellation (earliest first); returns the ids replaced, in that order.
 */
export function replacedCancellations<T extends { id: number; needed: number }>(o: {
  target: number;
  settledPlayers: number;
  pending: readonly T[];
}): number[] {
  let shortfall = Math.max(0, o.target - o.settledPlayers);
  const carrying = new Set<number>();
  for (const p of [...o.pending].reverse()) {
    if (shortfall <= 0) break;
    if (p.needed <= 0) continue;
    carrying.add(p.id);
    shortfall -= p.needed;
  }
  return o.pending.filter((p) => !carrying.has(p.id)).map((p) => p.id);
}
