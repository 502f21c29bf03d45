import { beforeAll, describe, expect, test } from "bun:test";
import { parseBootData, type BootEntry } from "@shared/boot-data";
import type { RouteChunks } from "@shared/route-chunks";
import { transformer } from "@shared/transformer";
import type { Deps } from "../context";
import { createApp } from "../app";
import { callerFor } from "../testing/caller";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";
import type { StaticAssets } from "./static";

/**
 * Issue 11 (a fast first load): a game page and a region's feed carry their first screen's data,
 * exactly what the screen's tRPC calls answer, and the page preloads the screen's chunks.
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const INDEX = '<html><head><title>Kickrunde</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const CHUNKS: RouteChunks = [
  { path: "/game/$id", layout: false, files: ["/assets/game-screen.js", "/assets/player-list.js"] },
  { path: "/games/$regionSlug", layout: false, files: ["/assets/feed.js"] },
];
const assets: StaticAssets = {
  file: (p) => (p === "index.html" ? new Blob([INDEX]) : p === "route-chunks.json" ? new Blob([JSON.stringify(CHUNKS)]) : null),
};

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await createApp(deps, assets).fetch(new Request(`http://localhost:3000${path}`, { headers }));
  const html = await res.text();
  const element = /<script id="kr-boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return { res, html, boot: element ? parseBootData(element[1]!) : null };
}

async function trpcAnswer(path: string, input: unknown): Promise<unknown> {
  const url = `http://localhost:3000/trpc/${path}?input=${encodeURIComponent(JSON.stringify(transformer.serialize(input)))}`;
  const body = (await (await createApp(deps, assets).fetch(new Request(url))).json()) as { result: { data: unknown } };
  return transformer.deserialize(body.result.data);
}

async function setup(title = "Kick im Park") {
  const region = await createRegion(deps);
  const court = await createCourt(deps, { regionId: region.id, name: "Mauerpark" });
  const host = await createUser(deps);
  const start = new Date(deps.clock.now().getTime() + 26 * 3_600_000);
  const game = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: court.id, startTime: start, maxPlayers: 10, title }, 3);
  return { region, game };
}

describe("boot data", () => {
  test("a game page carries games.byId as tRPC answers it, private to the viewer", async () => {
    const { game } = await setup();
    const { res, boot } = await page(`/game/${game.id}`);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(boot).toHaveLength(1);
    const entry = boot![0]! as BootEntry;
    expect(entry).toMatchObject({ kind: "query", path: "games.byId", input: { gameId: game.id } });
    expect(entry.data).toEqual(await trpcAnswer("games.byId", { gameId: game.id }));
  });

  test("a region's feed carries the region and the feed's first page; a tab or filter in the address carries none", async () => {
    const { region, game } = await setup();
    const { boot } = await page(`/games/${region.slug}`);
    expect(boot!.map((e) => [e.kind, e.path])).toEqual([
      ["query", "regions.bySlug"],
      ["infinite", "games.feed"],
    ]);
    const input = { regionSlug: region.slug, courtId: null, filter: "all" };
    expect(boot![0]!.data).toEqual(await trpcAnswer("regions.bySlug", { slug: region.slug }));
    const feed = boot![1]!.data as { games: { id: number }[] };
    expect(feed.games.map((g) => g.id)).toContain(game.id);
    expect(feed).toEqual((await trpcAnswer("games.feed", input)) as typeof feed);
    expect((await page(`/games/${region.slug}?tab=mine`)).boot).toBeNull();
  });

  test("a page that renews the viewer's session sends the renewed cookie with it", async () => {
    const { region } = await setup();
    const user = await createUser(deps);
    testClock.freeze("2026-01-01T12:00:00Z");
    const a = await callerFor(deps);
    await a.caller.auth.login({ email: user.email, password: FACTORY_PASSWORD });
    testClock.freeze("2026-01-20T12:00:00Z"); // in the second half: the page load renews it
    try {
      const { res } = await page(`/games/${region.slug}`, { cookie: `session=${a.cookies.token}` });
      const session = res.headers.getSetCookie().find((c) => c.startsWith("session="));
      expect(session).toBeDefined();
      expect(session).toContain("Expires=Thu, 19 Feb 2026 12:00:00 GMT");
    } finally {
      testClock.reset();
    }
  });

  test("unknown games and regions carry nothing (the app shows its own not-found screen)", async () => {
    expect((await page("/game/999999999")).boot).toBeNull();
    expect((await page("/games/no-such-region")).boot).toBeNull();
  });

  test("a title with </script> and line separators cannot leave the element", async () => {
    const { game } = await setup("</script><script>alert(1)</script>\u2028x");
    const { html, boot } = await page(`/game/${game.id}`);
    expect(html).not.toContain("<script>alert(1)");
    expect((boot![0]!.data as { title: string }).title).toBe("</script><script>alert(1)</script>\u2028x");
  });
});

describe("route chunks", () => {
  test("each page preloads its screen's chunks from route-chunks.json, other pages none", async () => {
    const { region, game } = await setup();
    const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links((await page(`/game/${game.id}`)).html)).toEqual(["/assets/game-screen.js", "/assets/player-list.js"]);
    expect(links((await page(`/games/${region.slug}`)).html)).toEqual(["/assets/feed.js"]);
    expect(links((await page("/impressum")).html)).toEqual([]);
  });

  test("the shell comes compressed when accepted, and a malformed address is a 404, not an error", async () => {
    const br = await page("/impressum", { "accept-encoding": "br" });
    expect(br.res.headers.get("content-encoding")).toBe("br");
    const bad = await createApp(deps, assets).fetch(new Request("http://localhost:3000/%E0%A4%A"));
    expect(bad.status).toBe(404);
  });
});
