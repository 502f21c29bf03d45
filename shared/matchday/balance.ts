import { type Random, seededRandom } from "./random";

/**
 * Balanced sides for a matchday (issue 29 "Balanced teams"; method, bound and bib rule: README.md here). Sizes differ
 * by at most one, friends who joined together ("Ich + n", same `group`) stay on one side unless that is impossible
 * (then as few of them as possible are split, and the split is reported), players the organiser dragged stay where
 * they were put, and the difference between the strongest and the weakest side (sums of skill) is made small:
 * greedy (strongest unit first onto the weakest side that keeps the sizes reachable), then exchanges of up to three
 * units between two sides, or rotations of one unit each through three sides, until none helps, from several seeded
 * starts.
 */

export const BALANCE_MIN_TEAMS = 2;
export const BALANCE_MAX_TEAMS = 4;
/** Bib colours as message keys (texts in the client); side 0 plays in its own shirts. */
export const BIB_COLOURS = ["orange", "yellow", "blue"] as const;
/** Line-ups whose difference is at most this much above the best one found count as equally balanced (reshuffle). */
export const BALANCE_TOLERANCE = 2;
/** Starting points of the local search: the plain greedy one and perturbed ones. */
const RESTARTS = 12;
/** Stop early once this many different line-ups are within BALANCE_TOLERANCE of a difference of 0. */
const ENOUGH = 3;

export type BibColour = (typeof BIB_COLOURS)[number];
export type PlayerId = string | number;
export type BalancePlayer = { id: PlayerId; skill: number; group?: string | null; bringsBibs?: boolean };
/** The organiser dragged this player onto this side (0-based). */
export type FixedAssignment = { id: PlayerId; side: number };
export type BalanceInput<P extends BalancePlayer> = {
  players: readonly P[];
  teams: number;
  /** another seed gives another, equally balanced line-up (within BALANCE_TOLERANCE); the same seed the same one */
  seed?: number;
  fixed?: readonly FixedAssignment[];
};
export type BalancedSide<P extends BalancePlayer> = { players: P[]; strength: number; bib: BibColour | null };
/**
 * A group whose members ended up on more than one side: `tooLarge` (more members than a side holds), `fixed` (the
 * organiser put members on different sides), `sizes` (the groups could not be packed into sides of equal size).
 */
export type GroupSplit = { group: string; sides: number[]; reason: "tooLarge" | "fixed" | "sizes" };
export type BalanceResult<P extends BalancePlayer> = {
  sides: BalancedSide<P>[];
  /** strongest side's strength minus the weakest's */
  difference: number;
  splitGroups: GroupSplit[];
  /** who brings the bibs (empty: nobody, and no side has a bib colour) */
  bibsFrom: PlayerId[];
};

type Unit<P> = { members: P[]; size: number; strength: number; pin: number | null; group: string | null; order: number };
type Shape = { k: number; floor: number; ceil: number; extra: number };

export function balanceTeams<P extends BalancePlayer>(input: BalanceInput<P>): BalanceResult<P> {
  const k = input.teams;
  if (!Number.isInteger(k) || k < BALANCE_MIN_TEAMS || k > BALANCE_MAX_TEAMS) throw new RangeError(`teams must be ${BALANCE_MIN_TEAMS}..${BALANCE_MAX_TEAMS}`);
  const players = input.players;
  const ids = new Set<PlayerId>();
  for (const p of players) {
    if (ids.has(p.id)) throw new RangeError(`player ${String(p.id)} twice`);
    if (!Number.isFinite(p.skill)) throw new RangeError(`player ${String(p.id)} has no finite skill`);
    ids.add(p.id);
  }
  const n = players.length;
  const shape: Shape = { k, floor: Math.floor(n / k), ceil: Math.ceil(n / k), extra: n % k };
  const fixed = new Map<PlayerId, number>();
  const fixedPerSide = new Array<number>(k).fill(0);
  for (const f of input.fixed ?? []) {
    if (!ids.has(f.id)) throw new RangeError(`fixed player ${String(f.id)} is not playing`);
    if (!Number.isInteger(f.side) || f.side < 0 || f.side >= k) throw new RangeError(`fixed side ${f.side} out of range`);
    if (fixed.has(f.id)) fixedPerSide[fixed.get(f.id)!]!--;
    fixed.set(f.id, f.side);
    fixedPerSide[f.side]!++;
  }
  const fixedSizes = [...fixedPerSide].sort((a, b) => b - a);
  if (fixedSizes.some((c, i) => c > (i < shape.extra ? shape.ceil : shape.floor))) throw new RangeError("more players fixed on a side than it holds");

  const reasons = new Map<string, GroupSplit["reason"]>();
  let units = buildUnits(players, fixed, shape, reasons);
  units = packable(units, shape, fixed, reasons);

  const random = seededRandom(input.seed ?? 0);
  const found: { sides: Unit<P>[][]; strengths: number[]; key: string }[] = [];
  // singles only: dealing in rounds gives the proven bound (README.md here, "Balancing"); the search only improves on it
  const singles = packingUnits(units).length === 0;
  const bound = singles ? Math.max(0, ...players.map((p) => p.skill)) - Math.min(0, ...players.map((p) => p.skill)) : Infinity;
  for (let restart = singles ? -1 : 0; restart < RESTARTS; restart++) {
    const sides = restart === -1 ? deal(units, shape.k) : greedy(units, shape, random, restart === 0 ? 0 : 0.6);
    improve(sides, shape);
    const strengths = sides.map(sum);
    const key = sides.map((s) => s.flatMap((u) => u.members.map((m) => String(m.id))).sort().join(",")).join("|");
    if (!found.some((f) => f.key === key)) found.push({ sides, strengths, key });
    // three different line-ups that cannot be beaten by more than the tolerance are choice enough
    if (found.filter((f) => range(f.strengths) <= BALANCE_TOLERANCE).length >= ENOUGH) break;
  }
  const best = Math.min(...found.map((f) => range(f.strengths)));
  const equal = found.filter((f) => range(f.strengths) <= Math.max(best, Math.min(best + BALANCE_TOLERANCE, bound)));
  const chosen = equal[Math.floor(random() * equal.length)]!;

  const index = new Map(players.map((p, i) => [p.id, i]));
  const bibsFrom = players.filter((p) => p.bringsBibs).map((p) => p.id);
  const sides: BalancedSide<P>[] = chosen.sides.map((s, i) => ({
    players: s.flatMap((u) => u.members).sort((a, b) => index.get(a.id)! - index.get(b.id)!),
    strength: chosen.strengths[i]!,
    bib: bibsFrom.length > 0 && i > 0 ? BIB_COLOURS[i - 1]! : null,
  }));
  return { sides, difference: range(chosen.strengths), splitGroups: splits(sides, reasons), bibsFrom };
}

function sum<P>(side: Unit<P>[]): number {
  return side.reduce((a, u) => a + u.strength, 0);
}

function range(strengths: readonly number[]): number {
  return Math.max(...strengths) - Math.min(...strengths);
}

function makeUnit<P extends BalancePlayer>(members: P[], pin: number | null, group: string | null, order: number): Unit<P> {
  return { members, size: members.length, strength: members.reduce((a, m) => a + m.skill, 0), pin, group, order };
}

/** Groups (and singles) as units; a group the organiser spread over sides, or larger than a side, is cut. */
function buildUnits<P extends BalancePlayer>(players: readonly P[], fixed: Map<PlayerId, number>, shape: Shape, reasons: Map<string, GroupSplit["reason"]>): Unit<P>[] {
  const groups = new Map<string, P[]>();
  const units: Unit<P>[] = [];
  for (const p of players) {
    if (p.group === undefined || p.group === null) {
      units.push(makeUnit([p], fixed.get(p.id) ?? null, null, units.length));
      continue;
    }
    const members = groups.get(p.group);
    if (members) members.push(p);
    else {
      const list = [p];
      groups.set(p.group, list);
      units.push(makeUnit(list, null, p.group, units.length)); // a placeholder, rebuilt below
    }
  }
  const out: Unit<P>[] = [];
  for (const u of units) {
    if (u.group === null) {
      out.push(u);
      continue;
    }
    const group = u.group;
    const members = groups.get(group)!;
    const pinnedSides = [...new Set(members.filter((m) => fixed.has(m.id)).map((m) => fixed.get(m.id)!))].sort((a, b) => a - b);
    let parts: { members: P[]; pin: number | null }[];
    if (pinnedSides.length <= 1) {
      const pin = pinnedSides[0] ?? null;
      parts = [{ members: [...members.filter((m) => fixed.has(m.id)), ...members.filter((m) => !fixed.has(m.id))], pin }];
    } else {
      // the organiser split the friends: the others go with the largest part (the lowest side on a tie)
      reasons.set(group, "fixed");
      parts = pinnedSides.map((side) => ({ members: members.filter((m) => fixed.get(m.id) === side), pin: side }));
      const largest = parts.reduce((a, b) => (b.members.length > a.members.length ? b : a));
      largest.members.push(...members.filter((m) => !fixed.has(m.id)));
    }
    for (const part of parts) {
      // more friends than a side holds: pieces as large as possible, the fixed members in the first one
      for (let i = 0; i < part.members.length; i += shape.ceil) {
        if (i > 0 && !reasons.has(group)) reasons.set(group, "tooLarge");
        out.push(makeUnit(part.members.slice(i, i + shape.ceil), i === 0 ? part.pin : null, group, u.order));
      }
    }
  }
  return out;
}

/**
 * Whether the units that matter for packing (groups and pinned players) fit onto sides of the right sizes from these
 * fills; free singles then fill the rest. A search over the sides' fills, pruned as soon as a side is too full or
 * more sides are above the smaller size than may be.
 */
function fits<P>(fills: number[], rest: readonly Unit<P>[], shape: Shape): boolean {
  const over = (f: number[]) => f.filter((x) => x > shape.floor).length;
  if (fills.some((f) => f > shape.ceil) || over(fills) > shape.extra) return false;
  // without pinned units the sides are interchangeable: one sorted state stands for all its orders
  const symmetric = rest.every((u) => u.pin === null);
  const key = (f: number[]) => (symmetric ? [...f].sort((a, b) => a - b) : f).join(",");
  let states = new Map<string, number[]>([[key(fills), fills]]);
  for (const u of rest) {
    const next = new Map<string, number[]>();
    for (const f of states.values()) {
      for (let side = 0; side < shape.k; side++) {
        if (u.pin !== null && u.pin !== side) continue;
        const g = [...f];
        g[side]! += u.size;
        if (g[side]! > shape.ceil || over(g) > shape.extra) continue;
        next.set(key(g), g);
      }
    }
    if (next.size === 0) return false;
    states = next;
  }
  return true;
}

function packingUnits<P>(units: readonly Unit<P>[]): Unit<P>[] {
  return units.filter((u) => u.size > 1 || u.pin !== null).sort((a, b) => b.size - a.size);
}

/**
 * When the groups cannot be packed into sides of equal size, peel one member at a time off a group (the largest whose
 * peeling makes it fit, else the largest), so as few friends as possible are separated.
 */
function packable<P extends BalancePlayer>(units: Unit<P>[], shape: Shape, fixed: Map<PlayerId, number>, reasons: Map<string, GroupSplit["reason"]>): Unit<P>[] {
  const zero = () => new Array<number>(shape.k).fill(0);
  let current = units;
  while (!fits(zero(), packingUnits(current), shape)) {
    const peelable = current
      .filter((u) => u.size > 1 && u.members.some((m) => !fixed.has(m.id)))
      .sort((a, b) => b.size - a.size || a.order - b.order);
    if (peelable.length === 0) throw new RangeError("the fixed players cannot be completed to sides of equal size");
    const peel = (u: Unit<P>): Unit<P>[] => {
      const at = u.members.findLastIndex((m) => !fixed.has(m.id));
      const single = u.members[at]!;
      const rest = u.members.filter((_, i) => i !== at);
      return current.flatMap((v) => (v === u ? [makeUnit(rest, u.pin, u.group, u.order), makeUnit([single], null, u.group, u.order)] : [v]));
    };
    const choice = peelable.find((u) => fits(zero(), packingUnits(peel(u)), shape)) ?? peelable[0]!;
    if (choice.group !== null && !reasons.has(choice.group)) reasons.set(choice.group, "sizes");
    current = peel(choice);
  }
  return current;
}

/**
 * Singles dealt in rounds of k, strongest first, the round's strongest to the weakest side: after each round the range
 * is at most the larger of the range before and the round's spread (a lagging side gets the larger skill), so at the
 * end it is at most the largest skill (the last, partial round counts its missing players as 0).
 */
function deal<P>(units: readonly Unit<P>[], k: number): Unit<P>[][] {
  const sorted = [...units].sort((a, b) => b.strength - a.strength || a.order - b.order);
  const sides: Unit<P>[][] = Array.from({ length: k }, () => []);
  const strengths = new Array<number>(k).fill(0);
  for (let i = 0; i < sorted.length; i += k) {
    const weakest = Array.from({ length: k }, (_, j) => j).sort((a, b) => strengths[a]! - strengths[b]! || a - b);
    sorted.slice(i, i + k).forEach((u, j) => {
      sides[weakest[j]!]!.push(u);
      strengths[weakest[j]!]! += u.strength;
    });
  }
  return sides;
}

/** Strongest unit first onto the weakest side that still lets the remaining groups fit; `noise` perturbs the order. */
function greedy<P>(units: readonly Unit<P>[], shape: Shape, random: Random, noise: number): Unit<P>[][] {
  const keyed = units.map((u) => ({ u, key: u.strength * (1 + noise * (random() - 0.5)), tie: random() }));
  // pinned units first (they have no choice), then by perturbed strength
  keyed.sort((a, b) => Number(b.u.pin !== null) - Number(a.u.pin !== null) || b.key - a.key || a.tie - b.tie);
  const sides: Unit<P>[][] = Array.from({ length: shape.k }, () => []);
  const fills = new Array<number>(shape.k).fill(0);
  const strengths = new Array<number>(shape.k).fill(0);
  const pending = packingUnits(units);
  for (const { u } of keyed) {
    const at = pending.indexOf(u);
    if (at >= 0) pending.splice(at, 1);
    const order = Array.from({ length: shape.k }, (_, i) => ({ i, tie: random() }))
      .filter(({ i }) => u.pin === null || u.pin === i)
      .sort((a, b) => strengths[a.i]! - strengths[b.i]! || fills[a.i]! - fills[b.i]! || a.tie - b.tie);
    const side =
      order.find(({ i }) => {
        const f = [...fills];
        f[i]! += u.size;
        return fits(f, pending, shape);
      }) ?? order[0]!;
    sides[side.i]!.push(u);
    fills[side.i]! += u.size;
    strengths[side.i]! += u.strength;
  }
  return sides;
}

type Bundle<P> = { units: Unit<P>[]; size: number; strength: number };

/** Every set of up to three movable units of a side whose size is at most `maxSize` (the empty set included). */
function bundles<P>(side: readonly Unit<P>[], maxSize: number): Bundle<P>[] {
  const movable = side.filter((u) => u.pin === null);
  const out: Bundle<P>[] = [{ units: [], size: 0, strength: 0 }];
  const add = (us: Unit<P>[]) => {
    const size = us.reduce((a, u) => a + u.size, 0);
    if (size <= maxSize) out.push({ units: us, size, strength: us.reduce((a, u) => a + u.strength, 0) });
  };
  for (let a = 0; a < movable.length; a++) {
    add([movable[a]!]);
    for (let b = a + 1; b < movable.length; b++) {
      add([movable[a]!, movable[b]!]);
      if (maxSize > 2) for (let c = b + 1; c < movable.length; c++) add([movable[a]!, movable[b]!, movable[c]!]);
    }
  }
  return out;
}

/** Lexicographic: the range of strengths, then their spread (sum of squares) for three and four sides. */
function score(strengths: readonly number[]): [number, number] {
  const mean = strengths.reduce((a, b) => a + b, 0) / strengths.length;
  return [range(strengths), strengths.reduce((a, s) => a + (s - mean) ** 2, 0)];
}

const EPS = 1e-9;
function better(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[0] - EPS || (Math.abs(a[0] - b[0]) <= EPS && a[1] < b[1] - EPS);
}

/**
 * Best-improvement local search: exchange a bundle of one side for a bundle of another while sizes stay valid. For
 * each bundle A of side p only the bundles B of side q whose strength is nearest to the one that would even the two
 * sides out are tried (a binary search per size), which keeps 40 players at a few milliseconds.
 */
function improve<P>(sides: Unit<P>[][], shape: Shape): void {
  const maxUnit = Math.max(1, ...sides.flat().filter((u) => u.pin === null).map((u) => u.size));
  const maxSize = maxUnit + 1;
  const valid = (s: number) => s === shape.floor || s === shape.ceil;
  for (let iteration = 0; iteration < 200; iteration++) {
    const sizes = sides.map((s) => s.reduce((a, u) => a + u.size, 0));
    const strengths = sides.map(sum);
    let best = score(strengths);
    if (best[0] <= EPS) return;
    let move: { p: number; q: number; a: Bundle<P>; b: Bundle<P> } | null = null;
    const all = sides.map((s) => bundles(s, maxSize));
    const bySize = all.map((list) => {
      const m = new Map<number, Bundle<P>[]>();
      for (const b of list) {
        const l = m.get(b.size);
        if (l) l.push(b);
        else m.set(b.size, [b]);
      }
      for (const l of m.values()) l.sort((x, y) => x.strength - y.strength);
      return m;
    });
    for (let p = 0; p < shape.k; p++) {
      for (let q = 0; q < shape.k; q++) {
        if (p === q) continue;
        const half = (strengths[p]! - strengths[q]!) / 2;
        for (const a of all[p]!) {
          for (const [size, list] of bySize[q]!) {
            if (a.size === 0 && size === 0) continue;
            if (!valid(sizes[p]! - a.size + size) || !valid(sizes[q]! - size + a.size)) continue;
            const target = a.strength - half;
            let lo = 0;
            let hi = list.length;
            while (lo < hi) {
              const mid = (lo + hi) >> 1;
              if (list[mid]!.strength < target) lo = mid + 1;
              else hi = mid;
            }
            for (let i = Math.max(0, lo - 2); i < Math.min(list.length, lo + 2); i++) {
              const b = list[i]!;
              const next = [...strengths];
              next[p] = strengths[p]! - a.strength + b.strength;
              next[q] = strengths[q]! - b.strength + a.strength;
              const s = score(next);
              if (better(s, best)) {
                best = s;
                move = { p, q, a, b };
              }
            }
          }
        }
      }
    }
    if (move) {
      const { p, q, a, b } = move;
      sides[p] = [...sides[p]!.filter((u) => !a.units.includes(u)), ...b.units];
      sides[q] = [...sides[q]!.filter((u) => !b.units.includes(u)), ...a.units];
    } else if (!rotate(sides, sizes, strengths, best, valid)) return;
  }
}

/**
 * With three or four sides a pair exchange can be stuck where a rotation of one unit each through three sides
 * (p to q, q to r, r to p) still helps; the best such rotation is applied. Returns whether one was.
 */
function rotate<P>(sides: Unit<P>[][], sizes: number[], strengths: number[], current: [number, number], valid: (s: number) => boolean): boolean {
  const k = sides.length;
  if (k < 3) return false;
  let best = current;
  let move: [number, number, number, Unit<P>, Unit<P>, Unit<P>] | null = null;
  const movable = sides.map((s) => s.filter((u) => u.pin === null));
  for (let p = 0; p < k; p++)
    for (let q = 0; q < k; q++)
      for (let r = 0; r < k; r++) {
        if (p === q || q === r || p === r) continue;
        for (const a of movable[p]!)
          for (const b of movable[q]!)
            for (const c of movable[r]!) {
              if (!valid(sizes[p]! - a.size + c.size) || !valid(sizes[q]! - b.size + a.size) || !valid(sizes[r]! - c.size + b.size)) continue;
              const next = [...strengths];
              next[p] = strengths[p]! - a.strength + c.strength;
              next[q] = strengths[q]! - b.strength + a.strength;
              next[r] = strengths[r]! - c.strength + b.strength;
              const s = score(next);
              if (better(s, best)) {
                best = s;
                move = [p, q, r, a, b, c];
              }
            }
      }
  if (!move) return false;
  const [p, q, r, a, b, c] = move;
  sides[p] = [...sides[p]!.filter((u) => u !== a), c];
  sides[q] = [...sides[q]!.filter((u) => u !== b), a];
  sides[r] = [...sides[r]!.filter((u) => u !== c), b];
  return true;
}

function splits<P extends BalancePlayer>(sides: readonly BalancedSide<P>[], reasons: Map<string, GroupSplit["reason"]>): GroupSplit[] {
  const where = new Map<string, Set<number>>();
  sides.forEach((s, i) => {
    for (const p of s.players) {
      if (p.group === undefined || p.group === null) continue;
      const set = where.get(p.group) ?? new Set<number>();
      set.add(i);
      where.set(p.group, set);
    }
  });
  const out: GroupSplit[] = [];
  for (const [group, set] of where) {
    if (set.size > 1) out.push({ group, sides: [...set].sort((a, b) => a - b), reason: reasons.get(group) ?? "sizes" });
  }
  return out;
}
