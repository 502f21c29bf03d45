import { transformer } from "./transformer";

/**
 * The first screen's data inside the page: for a game page, a region's feed, a court or a tournament page the server puts the
 * answers the screen's loader would ask for into index.html (server/http/boot-data.ts), and the
 * client puts them into its query cache before the first render (client/src/lib/boot-data.ts), so
 * a phone draws the content as soon as the code runs instead of one more round trip later. The same
 * procedures, inputs and answers as over tRPC, as the viewer of that request sees them.
 */
export const BOOT_DATA_ELEMENT_ID = "kr-boot";

/** The procedures a page may carry; anything else in the element is ignored. */
export const BOOT_PATHS = [
  "games.byId",
  "games.feed",
  "regions.bySlug",
  "courts.get",
  "games.onCourt",
  "bookings.slots",
  "tournaments.byId",
  "ads.forTournament",
  "regions.list",
  "ads.gameFeed",
  "notifications.regionSubscriberCount",
] as const;
export type BootPath = (typeof BOOT_PATHS)[number];

/** `infinite`: the first page of an infinite query (the feed); `input` null: a procedure without input (`regions.list`). */
export type BootEntry = { kind: "query" | "infinite"; path: BootPath; input: Record<string, unknown> | null; data: unknown };

/** The `<script type="application/json">` element, safe inside HTML (no `</script>`, no line separators). */
export function bootDataElement(entries: BootEntry[]): string {
  const json = JSON.stringify(entries.map((e) => ({ ...e, data: transformer.serialize(e.data) })))
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** Reads the element's text back; entries that are not well formed are dropped. */
export function parseBootData(text: string): BootEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e: unknown) => {
    if (typeof e !== "object" || e === null) return [];
    const { kind, path, input, data } = e as Record<string, unknown>;
    if ((kind !== "query" && kind !== "infinite") || !BOOT_PATHS.includes(path as BootPath)) return [];
    if (typeof input !== "object" || Array.isArray(input)) return [];
    return [{ kind, path: path as BootPath, input: input as Record<string, unknown> | null, data: transformer.deserialize(data) }];
  });
}
