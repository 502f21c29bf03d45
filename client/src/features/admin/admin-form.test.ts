import { describe, expect, test } from "bun:test";
import { formatDecimal, parseDecimal, slugFrom } from "./admin-form";
import { auditChanges } from "./audit/audit-entry";

describe("console form helpers", () => {
  test.each([
    ["52,52", 52.52],
    ["52.52", 52.52],
    [" -13,4 ", -13.4],
    ["6", 6],
    ["", Number.NaN],
    ["1e3", Number.NaN],
    ["5,5,5", Number.NaN],
    ["abc", Number.NaN],
  ])("parseDecimal(%p) is %p", (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });

  test("formatDecimal writes a comma in German, a point in English", () => {
    expect(formatDecimal(54.0924, "de")).toBe("54,0924");
    expect(formatDecimal(54.0924, "en")).toBe("54.0924");
  });

  test.each([
    ["Köln-Süd", "koeln-sued"],
    ["Frankfurt am Main", "frankfurt-am-main"],
    ["Straßburg", "strassburg"],
    ["  São Paulo!  ", "sao-paulo"],
    ["---", ""],
    ["a".repeat(70), "a".repeat(60)],
  ])("slugFrom(%p) is %p", (name, slug) => {
    expect(slugFrom(name)).toBe(slug);
  });
});

describe("audit changes", () => {
  test("only changed fields, as before → after", () => {
    expect(auditChanges({ name: "Rostock", featured: false, slug: "rostock" }, { name: "Rostock", featured: true, slug: "rostock-nord" })).toEqual([
      ["featured", "nein", "ja"],
      ["slug", "rostock", "rostock-nord"],
    ]);
  });

  test("a creation lists every field with a dash before", () => {
    expect(auditChanges(null, { name: "FC Nord", regionIds: [1, 2] })).toEqual([
      ["name", "–", "FC Nord"],
      ["regionIds", "–", "1, 2"],
    ]);
  });

  test("a deletion lists every field with a dash after", () => {
    expect(auditChanges({ organizationId: 3 }, null)).toEqual([["organizationId", "3", "–"]]);
  });

  test("instants read in Berlin time, not as stored JSON", () => {
    expect(auditChanges({ closedAt: null }, { closedAt: "2026-11-29T05:16:33.834Z" }, "de")).toEqual([["closedAt", "–", "29.11.2026, 06:16"]]);
  });
});
