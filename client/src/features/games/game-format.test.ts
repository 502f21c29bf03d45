import { expect, test } from "bun:test";
import { gameDisplayTitle } from "./game-format";

test("the title, else the court's name", () => {
  expect(gameDisplayTitle({ title: "Feierabendkick", court: null })).toBe("Feierabendkick");
  expect(gameDisplayTitle({ title: null, court: { id: 1, name: "Mauerpark", imageUrl: null, address: null } })).toBe("Mauerpark");
  expect(gameDisplayTitle({ title: null, court: null })).toBe("Kickrunde");
});
