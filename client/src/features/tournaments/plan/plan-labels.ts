import type { TPlanMatch, TTournamentPlan } from "@shared/schemas/tournament-plans";
import { m } from "@client/paraglide/messages";

/** Words for the plan's codes (issue 29): where a knock-out place comes from, a round's name, a team's name. */

export type Side = TPlanMatch["home"];

/** "Sieger Gruppe A", "Zweiter Gruppe B", "Sieger Spiel 7" (server codes `group:A:1`, `winner:7`, `loser:7`). */
export function sourceLabel(source: string | null): string {
  if (!source) return "";
  const [kind, a, b] = source.split(":");
  if (kind === "group") {
    const place = Number(b);
    return place === 1 ? m.tplan_source_group_first({ group: a! }) : place === 2 ? m.tplan_source_group_second({ group: a! }) : m.tplan_source_group_place({ group: a!, place });
  }
  return kind === "winner" ? m.tplan_source_winner({ number: Number(a) }) : m.tplan_source_loser({ number: Number(a) });
}

/** A knock-out round by the places it has: 2 the final, 4 the semi-finals … */
export function roundLabel(roundOf: number | null): string {
  if (roundOf === 2) return m.tplan_round_final();
  if (roundOf === 4) return m.tplan_round_semi();
  if (roundOf === 8) return m.tplan_round_quarter();
  if (roundOf === 16) return m.tplan_round_sixteenth();
  return m.tplan_round_of({ count: roundOf ?? 0 });
}

export type TeamNames = Map<number, string>;

/** Every team's name; a team that withdrew after the plan was made is marked so wherever it is named. */
export const teamNamesOf = (plan: TTournamentPlan): TeamNames => new Map(plan.teams.map((t) => [t.id, t.withdrawn ? m.tplan_team_withdrawn({ name: t.name }) : t.name]));

/** The team once known, else where it comes from. */
export function sideLabel(side: Side, names: TeamNames): { text: string; known: boolean } {
  return side.teamId !== null ? { text: names.get(side.teamId) ?? "–", known: true } : { text: sourceLabel(side.source), known: false };
}

export const hasResult = (match: TPlanMatch) => match.homeGoals !== null && match.awayGoals !== null;

/** Which side won (a knock-out draw by `winner`), or null for a draw or no result. */
export function winningSide(match: TPlanMatch): "home" | "away" | null {
  if (!hasResult(match)) return null;
  if (match.homeGoals! > match.awayGoals!) return "home";
  if (match.awayGoals! > match.homeGoals!) return "away";
  return match.winner;
}
