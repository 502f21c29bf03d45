import { describe, expect, test } from "bun:test";
import { allowedMistakes, editDistance, normaliseRegionText, searchRegions } from "./region-search";

/** The demo seed's regions (server/db/seed-demo.ts), in its order. */
const REGIONS = [
  ["Berlin", "berlin"],
  ["Hamburg", "hamburg"],
  ["München", "muenchen"],
  ["Köln", "koeln"],
  ["Frankfurt am Main", "frankfurt"],
  ["Stuttgart", "stuttgart"],
  ["Leipzig", "leipzig"],
  ["Düsseldorf", "duesseldorf"],
  ["Dortmund", "dortmund"],
  ["Essen", "essen"],
  ["Bremen", "bremen"],
  ["Dresden", "dresden"],
  ["Hannover", "hannover"],
  ["Nürnberg", "nuernberg"],
  ["Münster", "muenster"],
  ["Karlsruhe", "karlsruhe"],
  ["Freiburg im Breisgau", "freiburg"],
  ["Mannheim", "mannheim"],
  ["Bonn", "bonn"],
  ["Augsburg", "augsburg"],
  ["Kiel", "kiel"],
  ["Mainz", "mainz"],
  ["Heidelberg", "heidelberg"],
  ["Aachen", "aachen"],
].map(([name, slug]) => ({ name: name!, slug: slug! }));

const names = (query: string) => searchRegions(REGIONS, query).map((r) => r.name);

describe("searchRegions", () => {
  test.each([
    // issue 23 item 21: a typo finds the city alone, not cities sharing a few letters
    ["berln", ["Berlin"]],
    ["Berlin", ["Berlin"]],
    ["ber", ["Berlin"]],
    ["Brelin", ["Berlin"]],
    // English names
    ["Cologne", ["Köln"]],
    ["cologne ", ["Köln"]],
    ["Munich", ["München"]],
    ["munic", ["München"]],
    ["Nuremberg", ["Nürnberg"]],
    ["Nuremburg", ["Nürnberg"]],
    ["Hanover", ["Hannover"]],
    // German spellings without umlauts
    ["Muenchen", ["München"]],
    ["munchen", ["München"]],
    ["Koln", ["Köln"]],
    ["koeln", ["Köln"]],
    ["Nurnberg", ["Nürnberg"]],
    ["Dusseldorf", ["Düsseldorf"]],
    ["Düsseldorf", ["Düsseldorf"]],
    // a word of a longer name, and the start of a name first
    ["Breisgau", ["Freiburg im Breisgau"]],
    ["Frankfurt", ["Frankfurt am Main"]],
    ["mün", ["München", "Münster"]],
    ["mu", ["München", "Münster"]],
    ["ham", ["Hamburg"]],
    // exact before the start of a name before a word's start before inside, then by one mistake
    ["Essen", ["Essen"]],
    ["burg", ["Hamburg", "Freiburg im Breisgau", "Augsburg"]],
    ["berg", ["Nürnberg", "Heidelberg", "Berlin"]],
    ["stutgart", ["Stuttgart"]],
    ["Drezden", ["Dresden"]],
    // too short, nothing near
    ["b", []],
    ["", []],
    ["   ", []],
    ["xyzzy", []],
    ["Paris", []],
  ])("%p finds %p", (query, expected) => {
    expect(names(query)).toEqual(expected);
  });

  test("a close match ranks before a looser one", () => {
    const regions = [
      { name: "Bern", slug: "bern" },
      { name: "Berlin", slug: "berlin" },
    ];
    expect(searchRegions(regions, "berlin").map((r) => r.name)).toEqual(["Berlin"]);
    expect(searchRegions(regions, "bern").map((r) => r.name)).toEqual(["Bern", "Berlin"]);
  });
});

describe("helpers", () => {
  test.each([
    ["München", "munchen"],
    ["Frankfurt am Main", "frankfurt am main"],
    ["Straße", "strasse"],
    ["  Köln! ", "koln"],
  ])("normalise %p = %p", (text, expected) => expect(normaliseRegionText(text)).toBe(expected));
  test.each([
    ["berln", "berlin", 1],
    ["brelin", "berlin", 1],
    ["berln", "koln", 3],
    ["", "abc", 3],
  ])("editDistance(%p, %p) = %p", (a, b, d) => expect(editDistance(a, b)).toBe(d));
  test.each([
    [3, 0],
    [4, 1],
    [6, 1],
    [7, 2],
    [12, 2],
  ])("a query of %p letters may hold %p mistakes", (len, n) => expect(allowedMistakes(len)).toBe(n));
});
