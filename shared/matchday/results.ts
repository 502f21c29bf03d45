import type { Entrant, Fixture, FixturePlan, TeamId } from "./fixtures";
import { type Standings, standings } from "./standings";

/**
 * Fills a plan with its results (issue 29 "live results"): each group's (or the league's) table, and the knock-out's
 * places as far as the results decide them. A group place is known once every match of the group has a score and no
 * undrawn tie covers the place; a knock-out winner by goals, or on a level score by `winner` (extra time, penalties).
 */

export type MatchResult = { match: string; homeGoals: number; awayGoals: number; winner?: "home" | "away" };
export type ResolvedFixture = Fixture & { homeTeam: TeamId | null; awayTeam: TeamId | null; winner: TeamId | null; loser: TeamId | null };
export type Table = { group: string | null; complete: boolean; standings: Standings };

export function resolveFixtures(
  plan: FixturePlan,
  results: readonly MatchResult[],
  /** the organiser's lots per group name ("" for a league), best first (standings' drawOrder) */
  o: { drawOrders?: Readonly<Record<string, readonly TeamId[]>> } = {},
): { matches: ResolvedFixture[]; tables: Table[] } {
  const byMatch = new Map(results.map((r) => [r.match, r]));
  const robin = plan.matches.filter((m) => m.stage !== "ko");
  const names = plan.groups.length > 0 ? plan.groups.map((g) => g.name) : [null];
  const tables: Table[] = names.map((group) => {
    const ms = robin.filter((m) => (m.group ?? null) === group);
    const teams = group === null ? [...new Set(ms.flatMap((m) => [teamOf(m.home), teamOf(m.away)]))] : plan.groups.find((g) => g.name === group)!.teams;
    const played = ms.flatMap((m) => {
      const r = byMatch.get(m.id);
      return r ? [{ home: teamOf(m.home), away: teamOf(m.away), homeGoals: r.homeGoals, awayGoals: r.awayGoals }] : [];
    });
    return { group, complete: played.length === ms.length, standings: standings(teams, played, { drawOrder: o.drawOrders?.[group ?? ""] }) };
  });

  const outcome = new Map<string, { winner: TeamId | null; loser: TeamId | null }>();
  const resolve = (e: Entrant): TeamId | null => {
    if ("team" in e) return e.team;
    if ("groupPlace" in e) {
      const table = tables.find((t) => t.group === e.groupPlace.group);
      if (!table?.complete) return null;
      const at = table.standings.rows.filter((r) => r.rank === e.groupPlace.place);
      return at.length === 1 && table.standings.rows.filter((r) => r.rank <= e.groupPlace.place).length === e.groupPlace.place ? at[0]!.team : null;
    }
    const decided = outcome.get("winnerOf" in e ? e.winnerOf : e.loserOf);
    return (decided && ("winnerOf" in e ? decided.winner : decided.loser)) ?? null;
  };
  // ids grow with the rounds, so a match's feeders are resolved before it
  const order = [...plan.matches].sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  const resolved = new Map<string, ResolvedFixture>();
  for (const m of order) {
    const homeTeam = resolve(m.home);
    const awayTeam = resolve(m.away);
    const r = byMatch.get(m.id);
    let winner: TeamId | null = null;
    let loser: TeamId | null = null;
    if (r && homeTeam !== null && awayTeam !== null) {
      const homeWins = r.homeGoals > r.awayGoals || (r.homeGoals === r.awayGoals && r.winner === "home");
      const awayWins = r.awayGoals > r.homeGoals || (r.homeGoals === r.awayGoals && r.winner === "away");
      if (homeWins || awayWins) [winner, loser] = homeWins ? [homeTeam, awayTeam] : [awayTeam, homeTeam];
    }
    if (m.stage === "ko") outcome.set(m.id, { winner, loser });
    resolved.set(m.id, { ...m, homeTeam, awayTeam, winner, loser });
  }
  return { matches: plan.matches.map((m) => resolved.get(m.id)!), tables };
}

function teamOf(e: Entrant): TeamId {
  if (!("team" in e)) throw new Error("a round-robin match between places");
  return e.team;
}
