import { describe, expect, test } from "bun:test";
import type { TTeamPlayer, TTeamSide } from "@shared/schemas/teams";
import { bibsFrom, playerName, sideLook, teamsText } from "./team-names";

// Runs with the base locale (de), like the other client tests.
const player = (slot: string, name: string, extra: Partial<TTeamPlayer> = {}): TTeamPlayer => ({
  slot,
  participationId: Number(slot.split("+")[0]),
  userId: null,
  name,
  friendNumber: null,
  bringsBibs: false,
  kept: false,
  ...extra,
});
const side = (bib: TTeamSide["bib"], players: TTeamPlayer[]): TTeamSide => ({ bib, strengthShare: 100, players });

describe("team names and colours", () => {
  test("with bibs: the side without them is Team Weiß in its own shirts, the others by colour", () => {
    const sides = [side(null, []), side("orange", []), side("yellow", []), side("blue", [])];
    expect(sides.map((_, i) => [sideLook(sides, i).name, sideLook(sides, i).shirts])).toEqual([
      ["Team Weiß", "Eigene Shirts"],
      ["Team Orange", "Leibchen: Orange"],
      ["Team Gelb", "Leibchen: Gelb"],
      ["Team Blau", "Leibchen: Blau"],
    ]);
  });

  test("without bibs: two sides light and dark, more numbered", () => {
    const two = [side(null, []), side(null, [])];
    expect(two.map((_, i) => sideLook(two, i).name)).toEqual(["Team Hell", "Team Dunkel"]);
    const three = [side(null, []), side(null, []), side(null, [])];
    expect(three.map((_, i) => sideLook(three, i).name)).toEqual(["Team 1", "Team 2", "Team 3"]);
  });

  test("a friend of 'Ich + n' is named after who brought them", () => {
    expect(playerName(player("17+2", "Lena", { friendNumber: 2 }))).toBe("Lena +2");
    expect(playerName(player("17", "Lena"))).toBe("Lena");
  });
});

describe("the messenger text", () => {
  test("a heading, one line per team, who brings the bibs", () => {
    const sides = [
      side(null, [player("1", "Anna"), player("2", "Ben", { bringsBibs: true })]),
      side("orange", [player("3", "Cem"), player("3+1", "Cem", { friendNumber: 1 })]),
    ];
    expect(bibsFrom(sides)).toEqual(["Ben"]);
    expect(teamsText(sides, "Teams für Mauerpark, So., 29. Nov., 18:00")).toBe(
      "Teams für Mauerpark, So., 29. Nov., 18:00\n\nTeam Weiß: Anna, Ben\nTeam Orange: Cem, Cem +1\n\nLeibchen bringt: Ben",
    );
  });

  test("nobody brings bibs: no bibs line", () => {
    const sides = [side(null, [player("1", "Anna")]), side(null, [player("2", "Ben")])];
    expect(teamsText(sides, "Teams")).toBe("Teams\n\nTeam Hell: Anna\nTeam Dunkel: Ben");
  });
});
