import { bootDataElement, type BootEntry } from "@shared/boot-data";
import { ZGame, ZGameFeed, ZGameFeedInput, ZGameIdInput } from "@shared/schemas/games";
import { ZRegion } from "@shared/schemas/regions";
import type { Ctx } from "../context";
import { feed, gameById } from "../domains/games/read";
import { regionBySlug } from "../domains/regions/service";

/**
 * The answers the first screen of a game page or a region feed needs, as its tRPC calls would get
 * them for this viewer (same services, inputs and output schemas; shared/boot-data.ts). Null when a
 * path has none, or when a call fails: then the page loads as before and shows its own error.
 */
export async function bootEntriesFor(ctx: Ctx, pathname: string, search: URLSearchParams): Promise<BootEntry[] | null> {
  try {
    const game = /^\/game\/([0-9]{1,12})\/?$/.exec(pathname);
    if (game) {
      // the id as the tRPC input checks it (a bounded integer), before it reaches the database
      const input = ZGameIdInput.safeParse({ gameId: Number(game[1]) });
      if (!input.success) return null;
      const { gameId } = input.data;
      return [{ kind: "query", path: "games.byId", input: { gameId }, data: ZGame.parse(await gameById(ctx, gameId)) }];
    }
    const region = /^\/games\/([a-z0-9-]{1,100})\/?$/.exec(pathname);
    // The feed's plain view only: a tab, a court or a filter in the address changes what it loads.
    if (region && [...search.keys()].length === 0) {
      const slug = region[1]!;
      const input = { regionSlug: slug, courtId: null, filter: "all" as const };
      const [found, firstPage] = await Promise.all([regionBySlug(ctx, slug), feed(ctx, ZGameFeedInput.parse(input))]);
      return [
        { kind: "query", path: "regions.bySlug", input: { slug }, data: ZRegion.parse(found) },
        { kind: "infinite", path: "games.feed", input, data: ZGameFeed.parse(firstPage) },
      ];
    }
  } catch {
    // unknown game or region, or a failure: the client asks itself and shows the right screen
  }
  return null;
}

/** The page with its boot data before `</head>`. */
export function withBootData(html: string, entries: BootEntry[] | null): string {
  if (!entries || entries.length === 0) return html;
  return html.replace("</head>", () => `  ${bootDataElement(entries)}\n  </head>`);
}
