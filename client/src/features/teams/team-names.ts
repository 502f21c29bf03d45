import type { TTeamPlayer, TTeamSide } from "@shared/schemas/teams";
import { m } from "@client/paraglide/messages";

/**
 * How the teams are named and coloured (server/domains/teams/README.md "Names and colours"): a side in bibs by its
 * colour; when someone brings bibs, the side without them is "Team Weiß" in its own shirts; nobody brings any,
 * two sides are light and dark, more are numbered.
 */
export type SideLook = { name: string; shirts: string; colour: string; ink: string; ring: boolean };

const NUMBERED = ["#16a34a", "#7c3aed", "#db2777", "#0891b2"];

export function sideLook(sides: readonly Pick<TTeamSide, "bib">[], index: number): SideLook {
  const bib = sides[index]!.bib;
  if (bib === "orange") return { name: m.teams_name_orange(), shirts: m.teams_bib_orange(), colour: "#f97316", ink: "#ffffff", ring: false };
  if (bib === "yellow") return { name: m.teams_name_yellow(), shirts: m.teams_bib_yellow(), colour: "#facc15", ink: "#422006", ring: false };
  if (bib === "blue") return { name: m.teams_name_blue(), shirts: m.teams_bib_blue(), colour: "#2563eb", ink: "#ffffff", ring: false };
  if (sides.some((s) => s.bib !== null)) return { name: m.teams_name_own(), shirts: m.teams_bib_own(), colour: "#ffffff", ink: "#0f172a", ring: true };
  if (sides.length === 2) {
    return index === 0
      ? { name: m.teams_name_light(), shirts: m.teams_bib_light(), colour: "#e2e8f0", ink: "#0f172a", ring: true }
      : { name: m.teams_name_dark(), shirts: m.teams_bib_dark(), colour: "#1e293b", ink: "#ffffff", ring: false };
  }
  return { name: m.teams_name_numbered({ n: String(index + 1) }), shirts: m.teams_bib_none(), colour: NUMBERED[index]!, ink: "#ffffff", ring: false };
}

/** A player's name: a friend of "Ich + n" as "Anna +1". */
export function playerName(p: Pick<TTeamPlayer, "name" | "friendNumber">): string {
  return p.friendNumber === null ? p.name : m.teams_friend({ name: p.name, n: String(p.friendNumber) });
}

/** Who brings the bibs (their names), empty when nobody does. */
export function bibsFrom(sides: readonly TTeamSide[]): string[] {
  return sides.flatMap((s) => s.players.filter((p) => p.bringsBibs).map(playerName));
}

/** The messenger text: a heading, then one line per team ("Team Orange: Anna, Ben, …"), then who brings the bibs. */
export function teamsText(sides: readonly TTeamSide[], heading: string): string {
  const lines = sides.map((s, i) => `${sideLook(sides, i).name}: ${s.players.map(playerName).join(", ")}`);
  const bibs = bibsFrom(sides);
  return [heading, "", ...lines, ...(bibs.length > 0 ? ["", m.teams_bibs_from({ names: bibs.join(", ") })] : [])].join("\n");
}
