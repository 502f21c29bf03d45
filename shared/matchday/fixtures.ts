/**
 * Tournament fixtures (issue 29 "Tournament fixtures and live results"; method, rest rule: README.md here): a league
 * (round robin, optionally twice) or groups with round robin and then a knock-out of the best n per group, laid out on
 * the pitches and time slots so that no team plays twice in one slot, no pitch holds two matches, and rests stay
 * even. Pure: the same input gives the same plan.
 */

export type TeamId = string;

export type FixtureFormat =
  | { kind: "league"; twice?: boolean }
  | {
      kind: "groups";
      /** how many groups; or give `groupSize` (teams per group, at most) instead */
      groups?: number;
      groupSize?: number;
      /** the best n of each group go on to the knock-out */
      advance: number;
      twice?: boolean;
      /** a match for third place between the losers of the semi-finals */
      thirdPlace?: boolean;
    };

export type SlotPlan = { start: Date; matchMinutes: number; breakMinutes: number };
export type FixtureInput = {
  teams: readonly TeamId[];
  format: FixtureFormat;
  pitches: number;
  slots: SlotPlan;
  /** a team plays at most this many slots in a row, then rests one, even if a pitch stays empty (default 2) */
  maxConsecutive?: number;
};

/** Who plays: a team, or a place the results fill in (texts in the client: "1st of group A", "winner of m12"). */
export type Entrant = { team: TeamId } | { groupPlace: { group: string; place: number } } | { winnerOf: string } | { loserOf: string };

export type Fixture = {
  id: string;
  stage: "group" | "league" | "ko";
  group?: string;
  /** 1-based: the round of the round robin (a team plays at most once per round), or of the knock-out */
  round: number;
  /** knock-out only: how many places the round has (16: round of 16, 2: final and the match for third place) */
  roundOf?: number;
  thirdPlace?: boolean;
  /** 0-based index into `slots` */
  slot: number;
  /** 1-based pitch number */
  pitch: number;
  home: Entrant;
  away: Entrant;
};

export type Slot = { index: number; start: Date; end: Date };
export type FixturePlan = { matches: Fixture[]; slots: Slot[]; groups: { name: string; teams: TeamId[] }[] };

/** A knock-out match waits for everything it depends on and one free slot more (rest, and time to enter the scores). */
export const KO_REST_SLOTS = 1;
/** How many rounds ahead of the earliest unfinished one a round-robin match may be pulled to fill a pitch. */
const ROUND_WINDOW = 1;
/** The default of FixtureInput.maxConsecutive. */
export const MAX_CONSECUTIVE_SLOTS = 2;
const MAX_GROUPS = 26;

/**
 * The circle method (Berger tables): n teams (a bye added when odd) in n - 1 rounds, every pair once. The first team
 * stays, the others rotate; every team's home and away games differ by at most one.
 */
export function roundRobin<T>(teams: readonly T[]): [T, T][][] {
  const list: (T | null)[] = [...teams];
  if (list.length % 2 === 1) list.push(null);
  const n = list.length;
  const rounds: [T, T][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [T, T][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = list[i]!;
      const b = list[n - 1 - i]!;
      if (a === null || b === null) continue;
      // the fixed team alternates; in the other pairs the upper position is at home (home and away within one)
      pairs.push(i > 0 || r % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    list.splice(1, 0, list.pop()!);
  }
  return rounds;
}

/** The seeds' order down a bracket of `size` lines (a power of two): seed 1 and 2 can meet only in the final. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const m = order.length * 2;
    order = order.flatMap((s) => [s, m + 1 - s]);
  }
  return order;
}

function groupName(i: number): string {
  return String.fromCharCode(65 + i);
}

/** Teams into groups by snake seeding over the given order (A B C C B A …): group sizes differ by at most one. */
export function drawGroups(teams: readonly TeamId[], count: number): { name: string; teams: TeamId[] }[] {
  const groups = Array.from({ length: count }, (_, i) => ({ name: groupName(i), teams: [] as TeamId[] }));
  teams.forEach((team, i) => {
    const row = Math.floor(i / count);
    const col = i % count;
    groups[row % 2 === 0 ? col : count - 1 - col]!.teams.push(team);
  });
  return groups;
}

type Draft = Omit<Fixture, "slot" | "pitch"> & { teams: TeamId[]; deps: string[] };

export function generateFixtures(input: FixtureInput): FixturePlan {
  const { teams, format, pitches } = input;
  if (new Set(teams).size !== teams.length) throw new RangeError("a team twice");
  if (teams.length < 2) throw new RangeError("at least two teams");
  if (!Number.isInteger(pitches) || pitches < 1) throw new RangeError("at least one pitch");
  if (!(input.slots.matchMinutes > 0) || !(input.slots.breakMinutes >= 0)) throw new RangeError("match length and break");
  if (input.maxConsecutive !== undefined && !(Number.isInteger(input.maxConsecutive) && input.maxConsecutive >= 1)) throw new RangeError("maxConsecutive");

  const drafts: Draft[] = [];
  let next = 1;
  const add = (d: Omit<Draft, "id">) => {
    const id = `m${next++}`;
    drafts.push({ ...d, id });
    return id;
  };
  const robin = (list: readonly TeamId[], twice: boolean, stage: "group" | "league", group?: string) => {
    const rounds = roundRobin(list);
    const legs = twice ? [...rounds, ...rounds.map((r) => r.map(([h, a]) => [a, h] as [TeamId, TeamId]))] : rounds;
    legs.forEach((pairs, r) => {
      for (const [h, a] of pairs) add({ stage, ...(group ? { group } : {}), round: r + 1, home: { team: h }, away: { team: a }, teams: [h, a], deps: [] });
    });
  };

  let groups: { name: string; teams: TeamId[] }[] = [];
  if (format.kind === "league") {
    robin(teams, !!format.twice, "league");
  } else {
    const count = format.groups ?? (format.groupSize ? Math.ceil(teams.length / format.groupSize) : 0);
    if (!Number.isInteger(count) || count < 1 || count > MAX_GROUPS || teams.length / count < 2) throw new RangeError("group count");
    groups = drawGroups(teams, count);
    const smallest = Math.min(...groups.map((g) => g.teams.length));
    if (!Number.isInteger(format.advance) || format.advance < 1 || format.advance > smallest) throw new RangeError("advance");
    for (const g of groups) robin(g.teams, !!format.twice, "group", g.name);
    knockOut(groups, format.advance, !!format.thirdPlace, drafts, add);
  }
  return schedule(drafts, groups, input);
}

/** The bracket: qualifiers seeded by place, then group (1A 1B … 2A 2B …); seeds beyond the qualifiers are byes. */
function knockOut(groups: { name: string; teams: TeamId[] }[], advance: number, thirdPlace: boolean, drafts: Draft[], add: (d: Omit<Draft, "id">) => string) {
  const seeds: Entrant[] = [];
  for (let place = 1; place <= advance; place++) for (const g of groups) seeds.push({ groupPlace: { group: g.name, place } });
  if (seeds.length < 2) return;
  let size = 2;
  while (size < seeds.length) size *= 2;
  const depsOf = (e: Entrant) => ("groupPlace" in e ? drafts.filter((d) => d.group === e.groupPlace.group).map((d) => d.id) : "winnerOf" in e ? [e.winnerOf] : []);
  let line: (Entrant | null)[] = bracketOrder(size).map((s) => seeds[s - 1] ?? null);
  let round = 1;
  let semis: string[] = [];
  while (line.length > 1) {
    const roundOf = line.length;
    const nextLine: (Entrant | null)[] = [];
    const ids: string[] = [];
    for (let i = 0; i < line.length; i += 2) {
      const home = line[i]!;
      const away = line[i + 1] ?? null;
      if (home === null || away === null) {
        nextLine.push(home ?? away); // a bye: the seed goes straight on
        continue;
      }
      const id = add({ stage: "ko", round, roundOf, home, away, teams: [], deps: [...depsOf(home), ...depsOf(away)] });
      ids.push(id);
      nextLine.push({ winnerOf: id });
    }
    if (roundOf === 4) semis = ids;
    line = nextLine;
    round++;
  }
  if (thirdPlace && semis.length === 2) {
    add({ stage: "ko", round: round - 1, roundOf: 2, thirdPlace: true, home: { loserOf: semis[0]! }, away: { loserOf: semis[1]! }, teams: [], deps: [...semis] });
  }
}

/**
 * Greedy list scheduling, slot by slot: each slot takes up to `pitches` matches whose teams are free in it, preferring
 * matches whose teams did not play in the slot before, then earlier rounds, then teams that have waited longest.
 * A team never plays more than `maxConsecutive` slots in a row (the rest rule, even if a pitch stays empty); apart from
 * that, pitches are never left empty while a match could be played (tournament time is what is scarce), so a team
 * plays two slots in a row only when every other choice would leave a pitch empty. Knock-out matches wait for what
 * they depend on plus KO_REST_SLOTS.
 */
function schedule(drafts: Draft[], groups: { name: string; teams: TeamId[] }[], input: FixtureInput): FixturePlan {
  const slotOf = new Map<string, number>();
  const pitchOf = new Map<string, number>();
  const lastSlot = new Map<TeamId, number>();
  const run = new Map<TeamId, number>(); // slots in a row up to lastSlot
  const maxConsecutive = input.maxConsecutive ?? MAX_CONSECUTIVE_SLOTS;
  const tired = (team: TeamId, t: number) => lastSlot.get(team) === t - 1 && run.get(team)! >= maxConsecutive;
  const pending = new Set(drafts);
  const minRound = (d: Draft) => {
    let m = Infinity;
    for (const p of pending) if (p.stage !== "ko" && (p.group ?? "") === (d.group ?? "") && p.round < m) m = p.round;
    return m;
  };
  let t = 0;
  while (pending.size > 0) {
    const busy = new Set<TeamId>();
    const lowest = new Map<string, number>();
    const candidates: { d: Draft; key: number[] }[] = [];
    for (const d of pending) {
      if (d.stage === "ko") {
        const ready = d.deps.every((id) => slotOf.has(id) && slotOf.get(id)! + 1 + KO_REST_SLOTS <= t);
        if (ready) candidates.push({ d, key: [1, 0, d.round, 0, Number(d.id.slice(1))] });
        continue;
      }
      const g = d.group ?? "";
      if (!lowest.has(g)) lowest.set(g, minRound(d));
      if (d.round > lowest.get(g)! + ROUND_WINDOW || d.teams.some((team) => tired(team, t))) continue;
      const playedLast = d.teams.filter((team) => lastSlot.get(team) === t - 1).length;
      const waited = Math.min(...d.teams.map((team) => t - (lastSlot.get(team) ?? -1)));
      candidates.push({ d, key: [0, playedLast, d.round, -waited, Number(d.id.slice(1))] });
    }
    candidates.sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
      return 0;
    });
    let pitch = 0;
    for (const { d } of candidates) {
      if (pitch >= input.pitches) break;
      if (d.teams.some((team) => busy.has(team))) continue;
      pitch++;
      slotOf.set(d.id, t);
      pitchOf.set(d.id, pitch);
      pending.delete(d);
      for (const team of d.teams) {
        busy.add(team);
        run.set(team, lastSlot.get(team) === t - 1 ? run.get(team)! + 1 : 1);
        lastSlot.set(team, t);
      }
    }
    t++;
    if (t > 100_000) throw new Error("fixtures: no progress");
  }
  const slotCount = Math.max(0, ...slotOf.values()) + 1;
  const step = (input.slots.matchMinutes + input.slots.breakMinutes) * 60_000;
  const slots: Slot[] = Array.from({ length: slotCount }, (_, index) => {
    const start = new Date(input.slots.start.getTime() + index * step);
    return { index, start, end: new Date(start.getTime() + input.slots.matchMinutes * 60_000) };
  });
  const matches: Fixture[] = drafts
    .map(({ teams: _teams, deps: _deps, ...d }) => ({ ...d, slot: slotOf.get(d.id)!, pitch: pitchOf.get(d.id)! }))
    .sort((a, b) => a.slot - b.slot || a.pitch - b.pitch);
  return { matches, slots, groups };
}
