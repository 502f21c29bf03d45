import { REGION_SEARCH_THRESHOLD } from "../constants";

/**
 * Region search (spec 001 section 2.1: "fuzzy search"): which regions a typed text finds, best first.
 *
 * A region is found by its name, its slug ("muenchen") and its English or other well-known names
 * ("Munich", "Cologne"). Every name is compared without case and diacritics, also with German umlauts
 * written out (ü = ue), as a whole, by its start and by the start of each of its words. Close typing
 * errors are allowed by edit distance (Damerau-Levenshtein: one mistake from 4 letters, two from 7),
 * measured against the name's start of the typed length, so "berln" finds Berlin and nothing that merely
 * shares some letters with it (Heidelberg, Nürnberg, Köln).
 */

/** Other names people type for a region, by slug (English exonyms first). */
export const REGION_OTHER_NAMES: Readonly<Record<string, readonly string[]>> = {
  muenchen: ["Munich", "Munchen"],
  koeln: ["Cologne"],
  nuernberg: ["Nuremberg"],
  hannover: ["Hanover"],
  frankfurt: ["Frankfurt"],
  freiburg: ["Freiburg"],
  braunschweig: ["Brunswick"],
  aachen: ["Aix-la-Chapelle"],
  mainz: ["Mayence"],
  duesseldorf: ["Duesseldorf", "Dusseldorf"],
  wiesbaden: ["Wiesbaden"],
};

export type RegionSearchItem = { name: string; slug: string };

/** lower case, no diacritics, ß as ss, punctuation as spaces */
export function normaliseRegionText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** German umlauts written out: "München" also as "muenchen". */
function withUmlautsWrittenOut(text: string): string {
  return text.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue");
}

/** Damerau-Levenshtein distance (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * How many typing mistakes a query of this length may hold: one from 4 letters, two from 7, and never
 * more than the spec's fuzzy threshold per letter (spec 001 section 9: 0.45). Fuse.js with that threshold
 * alone scored letter overlap, so "berln" also found Heidelberg, Nürnberg and Köln (issue 23 item 21).
 */
export function allowedMistakes(length: number): number {
  const byLength = length < 4 ? 0 : length < 7 ? 1 : 2;
  return Math.min(byLength, Math.floor(length * REGION_SEARCH_THRESHOLD));
}

/** Rank of a match, lower is better: 0 exact, 1 start of the name, 2 start of a word, 3 inside (from 4 letters), 4 and more: with mistakes. */
function rankAgainst(query: string, name: string): number | null {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  const words = name.split(" ");
  if (words.some((w) => w.startsWith(query))) return 2;
  if (query.length >= 4 && name.replace(/ /g, "").includes(query.replace(/ /g, ""))) return 3;
  const allowed = allowedMistakes(query.length);
  if (allowed === 0) return null;
  let best = Infinity;
  for (const target of [name, ...words]) {
    // the whole target, or its start of the typed length (one longer or shorter for a missing or extra letter)
    for (const len of [query.length - 1, query.length, query.length + 1, target.length]) {
      if (len <= 0 || len > target.length) continue;
      best = Math.min(best, editDistance(query, target.slice(0, len)));
    }
  }
  return best <= allowed ? 3 + best : null;
}

/**
 * The regions the query finds, best first (exact, then by the start of a name, then by a word's start,
 * then inside a name, then with one and then two mistakes; equal ranks keep the given order).
 * A query under two characters finds nothing (the caller shows every region then).
 */
export function searchRegions<T extends RegionSearchItem>(regions: readonly T[], query: string): T[] {
  const q = normaliseRegionText(query);
  if (q.length < 2) return [];
  const ranked: { region: T; rank: number; index: number }[] = [];
  regions.forEach((region, index) => {
    const names = [region.name, region.slug.replace(/-/g, " "), withUmlautsWrittenOut(region.name), ...(REGION_OTHER_NAMES[region.slug] ?? [])].map(normaliseRegionText);
    let rank: number | null = null;
    for (const name of names) {
      const r = rankAgainst(q, name);
      if (r !== null && (rank === null || r < rank)) rank = r;
    }
    if (rank !== null) ranked.push({ region, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.region);
}
