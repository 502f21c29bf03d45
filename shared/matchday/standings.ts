import type { TeamId } from "./fixtures";

/**
 * The table of a group or league (issue 29; the order is written down in README.md here, "Tie-breaks"): points
 * (win 3, draw 1, loss 0), goal difference, goals scored, then head to head among the teams still level (points,
 * goal difference, goals in the matches between them, applied again to any smaller set that stays level). Teams level
 * after all of it share a rank and are reported in `ties`: the lot is the organiser's, passed back as `drawOrder`.
 */

export const POINTS = { win: 3, draw: 1, loss: 0 } as const;

export type PlayedMatch = { home: TeamId; away: TeamId; homeGoals: number; awayGoals: number };

export type StandingRow = {
  team: TeamId;
  /** 1-based; teams level after every criterion (and not ordered by a draw) share one */
  rank: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
};

export type Standings = {
  rows: StandingRow[];
  /** sets of teams level after every sporting criterion, best place first; each needs the organiser's lot */
  ties: TeamId[][];
  /** some tie is not (fully) ordered by the given drawOrder */
  needsDraw: boolean;
};

type Tally = Omit<StandingRow, "rank">;

function tally(teams: readonly TeamId[], matches: readonly PlayedMatch[]): Map<TeamId, Tally> {
  const rows = new Map<TeamId, Tally>(
    teams.map((team) => [team, { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0 }]),
  );
  for (const m of matches) {
    const h = rows.get(m.home);
    const a = rows.get(m.away);
    if (!h || !a) continue; // only matches between the given teams count (head to head passes a subset)
    for (const [row, scored, conceded] of [
      [h, m.homeGoals, m.awayGoals],
      [a, m.awayGoals, m.homeGoals],
    ] as const) {
      row.played++;
      row.goalsFor += scored;
      row.goalsAgainst += conceded;
      row.goalDifference += scored - conceded;
      if (scored > conceded) {
        row.won++;
        row.points += POINTS.win;
      } else if (scored === conceded) {
        row.drawn++;
        row.points += POINTS.draw;
      } else {
        row.lost++;
        row.points += POINTS.loss;
      }
    }
  }
  return rows;
}

const keyOf = (r: Tally) => [r.points, r.goalDifference, r.goalsFor];

/** Splits teams into blocks by the key, best first; teams in one block are level. */
function blocks(teams: readonly TeamId[], rows: Map<TeamId, Tally>): TeamId[][] {
  const sorted = [...teams].sort((a, b) => {
    const ka = keyOf(rows.get(a)!);
    const kb = keyOf(rows.get(b)!);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return 0;
  });
  const out: TeamId[][] = [];
  for (const team of sorted) {
    const last = out.at(-1);
    if (last && keyOf(rows.get(last[0]!)!).join() === keyOf(rows.get(team)!).join()) last.push(team);
    else out.push([team]);
  }
  return out;
}

/** Head to head among `level`; returns the order as blocks (a block of more than one team is a full tie). */
function headToHead(level: TeamId[], matches: readonly PlayedMatch[]): TeamId[][] {
  if (level.length === 1) return [level];
  const split = blocks(level, tally(level, matches));
  if (split.length === 1) return split; // nothing separates them any more
  return split.flatMap((b) => headToHead(b, matches));
}

export function standings(teams: readonly TeamId[], matches: readonly PlayedMatch[], o: { drawOrder?: readonly TeamId[] } = {}): Standings {
  const rows = tally(teams, matches);
  const order: TeamId[][] = blocks(teams, rows).flatMap((b) => headToHead(b, matches));
  const ties = order.filter((b) => b.length > 1).map((b) => [...b].sort());
  const drawn = new Map((o.drawOrder ?? []).map((team, i) => [team, i]));
  let needsDraw = false;
  const out: StandingRow[] = [];
  for (const block of order) {
    const start = out.length + 1;
    if (block.length === 1) {
      out.push({ ...rows.get(block[0]!)!, rank: start });
      continue;
    }
    // the organiser's lot orders the teams it names; the others stay level behind them, in name order
    const byDraw = [...block].sort((a, b) => (drawn.get(a) ?? Infinity) - (drawn.get(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0));
    const ordered = byDraw.filter((team) => drawn.has(team));
    if (ordered.length < block.length - 1) needsDraw = true;
    byDraw.forEach((team, i) => {
      const rank = i < ordered.length || ordered.length === block.length - 1 ? start + i : start + ordered.length;
      out.push({ ...rows.get(team)!, rank });
    });
  }
  return { rows: out, ties, needsDraw };
}
