import { expect, test } from "bun:test";
import { entryFeeText, localizedText, teamsText, timeSpanText } from "./tournament-format";

test("a text in the app language, else the other one, else none (spec 001 section 2.10)", () => {
  expect(localizedText("Regeln", "Rules", "de")).toBe("Regeln");
  expect(localizedText("Regeln", "Rules", "en")).toBe("Rules");
  expect(localizedText("Regeln", null, "en")).toBe("Regeln");
  expect(localizedText("Regeln", "  ", "en")).toBe("Regeln");
  expect(localizedText("", "Rules", "de")).toBe("Rules");
  expect(localizedText("  ", null, "de")).toBeNull();
  expect(localizedText("", "", "en")).toBeNull();
});

test("entry fee in euros per player or per team, or free", () => {
  expect(entryFeeText({ participationPriceCents: 2500, pricePerPlayer: true }, "de")).toBe("25,00\u00a0€ pro Spieler");
  expect(entryFeeText({ participationPriceCents: 12000, pricePerPlayer: false }, "de")).toBe("120,00\u00a0€ pro Team");
  expect(entryFeeText({ participationPriceCents: 0, pricePerPlayer: false }, "de")).toBe("kostenlos");
});

test("teams so far of the maximum", () => {
  expect(teamsText(3, 16)).toBe("3/16 Teams");
});

test("one day shows the hours, more days the dates too; Berlin time", () => {
  // Saturday 5 December 2026, 10:00 to 18:00 in Berlin
  expect(timeSpanText(new Date("2026-12-05T09:00:00Z"), new Date("2026-12-05T17:00:00Z"), "de")).toBe("10:00–18:00 Uhr");
  expect(timeSpanText(new Date("2026-12-05T09:00:00Z"), new Date("2026-12-06T15:00:00Z"), "de")).toBe("Sa., 5. Dez., 10:00 – So., 6. Dez., 16:00 Uhr");
});
