import { expect, test } from "bun:test";
import { finishedPlayersText, formatLineUp, participantName } from "./players";

test("line-up: two teams face each other, more are counted", () => {
  expect(formatLineUp(2, 5)).toBe("5 gegen 5");
  expect(formatLineUp(3, 4)).toBe("3 Teams à 4");
});

test("players of a game that is over, one or more", () => {
  expect(finishedPlayersText(1)).toBe("1 Spieler war dabei");
  expect(finishedPlayersText(4)).toBe("4 Spieler waren dabei");
});

test("a participant's name: the player's, else the guest's, else 'Gast'", () => {
  expect(participantName({ player: { firstName: "Mehmet" }, firstName: null })).toBe("Mehmet");
  expect(participantName({ player: null, firstName: "Lea" })).toBe("Lea");
  expect(participantName({ player: null, firstName: null })).toBe("Gast");
});
