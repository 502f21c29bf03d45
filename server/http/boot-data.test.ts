import { AUTH_STATE_COOKIE } from "@shared/constants";
import { beforeAll, describe, expect, test } from "bun:test";
import { parseBootData, type BootEntry } from "@shared/boot-data";
import { berlinDay } from "@shared/rules/berlin-time";
import type { RouteChunks } from "@shared/route-chunks";
import { transformer } from "@shared/transformer";
import type { Deps } from "../context";
import { createApp } from "../app";
import { courtAvailabilities, organizations, subCourts } from "../db/schema";
import { callerFor } from "../testing/caller";
import { createCourt, createGameRow, createRegion, createUser, FACTORY_PASSWORD } from "../testing/factories";
import { signedInPlayer } from "../testing/payment-fixtures";
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
    expect(boot!.map((e) => e.path)).toEqual(["games.byId", "regions.list"]);
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
      ["query", "ads.gameFeed"],
      ["query", "notifications.regionSubscriberCount"],
      ["query", "regions.list"],
    ]);
    const input = { regionSlug: region.slug, courtId: null, filter: "all" };
    expect(boot![0]!.data).toEqual(await trpcAnswer("regions.bySlug", { slug: region.slug }));
    expect(boot![2]!.input).toEqual({ regionSlug: region.slug });
    expect(boot![2]!.data).toEqual(await trpcAnswer("ads.gameFeed", { regionSlug: region.slug }));
    expect(boot![3]!.input).toEqual({ regionId: region.id });
    expect(boot![3]!.data).toEqual(await trpcAnswer("notifications.regionSubscriberCount", { regionId: region.id }));
    const feed = boot![1]!.data as { games: { id: number }[] };
    expect(feed.games.map((g) => g.id)).toContain(game.id);
    expect(feed).toEqual((await trpcAnswer("games.feed", input)) as typeof feed);
    expect((await page(`/games/${region.slug}?tab=mine`)).boot).toBeNull();
  });

  test("every drawn page carries the regions the shell names the city from, as regions.list answers them", async () => {
    const { region, game } = await setup();
    for (const path of [`/game/${game.id}`, `/games/${region.slug}`]) {
      const { boot } = await page(path);
      const list = boot!.find((e) => e.path === "regions.list")!;
      expect(list.input).toBeNull();
      expect((list.data as { slug: string }[]).map((r) => r.slug)).toContain(region.slug);
      expect(list.data).toEqual(await trpcAnswer("regions.list", undefined));
    }
    // a page that is not drawn carries none
    expect((await page("/login")).boot).toBeNull();
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

const DAY = 86_400_000;

/** A court with an upcoming game on it; rentable: open every day with an owner (the rent section's free times). */
async function courtSetup(rentable = false) {
  const region = await createRegion(deps);
  const owner = rentable ? await createUser(deps, { firstName: "Holger", isCourtOwner: true }) : null;
  const court = await createCourt(deps, { regionId: region.id, name: "Soccerhalle", rentable, ownerId: owner?.id ?? null });
  if (rentable) {
    await deps.db.insert(subCourts).values({ courtId: court.id, name: "Court 1" });
    await deps.db.insert(courtAvailabilities).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ courtId: court.id, weekday, startTime: "00:00", endTime: "23:59", pricePerHourCents: 6000 })));
  }
  const host = await createUser(deps);
  const start = new Date(deps.clock.now().getTime() + 2 * DAY);
  const game = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: court.id, startTime: start, maxPlayers: 10, title: "Kick in der Halle" }, 2);
  return { court, game };
}

/** A tournament of an organisation's member: published unless told, with the organiser's signed-in caller. */
async function tournamentSetup(name: string, publish = true) {
  const region = await createRegion(deps);
  const organizationId = (await deps.db.insert(organizations).values({ name: `Cup e.V. ${region.id}` }).returning())[0]!.id;
  const organiser = await signedInPlayer(deps, { organizationId, regionId: region.id });
  const startTime = new Date(deps.clock.now().getTime() + 10 * DAY);
  const t = await organiser.caller.tournaments.create({ name, startTime, endTime: new Date(startTime.getTime() + 8 * 3_600_000), maxTeams: 8, locationName: "Sportpark", regionId: region.id });
  if (publish) await organiser.caller.tournaments.publish({ tournamentId: t.id });
  return { t, organiser };
}

describe("boot data of the court and the tournament page (issue 28)", () => {
  test("a court page carries the court and its upcoming games as tRPC answers them", async () => {
    const { court, game } = await courtSetup();
    const { res, boot } = await page(`/court/${court.id}`);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(boot!.map((e) => [e.kind, e.path, e.input])).toEqual([
      ["query", "courts.get", { id: court.id }],
      ["query", "games.onCourt", { courtId: court.id }],
      ["query", "regions.list", null],
    ]);
    expect(boot![0]!.data).toEqual(await trpcAnswer("courts.get", { id: court.id }));
    const games = boot![1]!.data as { id: number }[];
    expect(games.map((g) => g.id)).toEqual([game.id]);
    expect(games).toEqual((await trpcAnswer("games.onCourt", { courtId: court.id })) as typeof games);
  });

  test("a rentable court's page also carries today's free times (Berlin), the day its rent section opens on", async () => {
    const { court } = await courtSetup(true);
    const { boot } = await page(`/court/${court.id}`);
    const input = { courtId: court.id, date: berlinDay(deps.clock.now()) };
    expect(boot!.map((e) => e.path)).toEqual(["courts.get", "games.onCourt", "bookings.slots", "regions.list"]);
    expect(boot![2]!.input).toEqual(input);
    expect(boot![2]!.data).toEqual(await trpcAnswer("bookings.slots", input));
  });

  test("a tournament page carries the tournament and its ads; a cancelled one no ads (its page shows none)", async () => {
    const { t, organiser } = await tournamentSetup("Sommer-Cup");
    const { boot } = await page(`/tournament/${t.id}`);
    expect(boot!.map((e) => [e.kind, e.path, e.input])).toEqual([
      ["query", "tournaments.byId", { tournamentId: t.id }],
      ["query", "ads.forTournament", { tournamentId: t.id }],
      ["query", "regions.list", null],
    ]);
    expect(boot![0]!.data).toEqual(await trpcAnswer("tournaments.byId", { tournamentId: t.id }));
    expect(boot![1]!.data).toEqual(await trpcAnswer("ads.forTournament", { tournamentId: t.id }));
    await organiser.caller.tournaments.cancel({ tournamentId: t.id });
    expect((await page(`/tournament/${t.id}`)).boot!.map((e) => e.path)).toEqual(["tournaments.byId", "regions.list"]);
  });

  test("a draft tournament comes into nobody's page but its organiser's", async () => {
    const { t, organiser } = await tournamentSetup("Geheimer Entwurf", false);
    const guest = await page(`/tournament/${t.id}`);
    expect(guest.boot).toBeNull();
    expect(guest.html).not.toContain("Geheimer Entwurf");
    const stranger = await signedInPlayer(deps);
    const other = await page(`/tournament/${t.id}`, { cookie: `session=${stranger.token}` });
    expect(other.boot).toBeNull();
    expect(other.html).not.toContain("Geheimer Entwurf");
    // its organiser's page carries it, as their own tRPC call answers it
    const own = await page(`/tournament/${t.id}`, { cookie: `session=${organiser.token}` });
    expect((own.boot![0]!.data as { name: string }).name).toBe("Geheimer Entwurf");
  });

  test("unknown, over-long and malformed ids carry nothing, and the page still comes", async () => {
    for (const path of [
      "/court/999999999",
      "/tournament/999999999",
      // above the ids' bound (2^31-1): refused by the input schema before the database
      "/court/2147483648",
      "/tournament/99999999999",
      // longer than any id, or with a leading zero (the client's not-found screen)
      "/court/1234567890123456789012",
      "/tournament/1234567890123456789012",
      "/court/0",
      "/tournament/07",
    ]) {
      const { res, boot } = await page(path);
      expect(res.status).toBe(200);
      expect(boot).toBeNull();
    }
    // the tournament's sub-pages are not its first screen
    const { t } = await tournamentSetup("Herbst-Cup");
    expect((await page(`/tournament/${t.id}/teams`)).boot).toBeNull();
  });
});

describe("route chunks", () => {
  test("each page preloads its screen's chunks from route-chunks.json at low priority, other pages none", async () => {
    const { region, game } = await setup();
    // at low priority: the drawn page, its style sheet and images come first (client/src/lib/README.md)
    const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);
    // a page the server drew asks for them after its first paint (server/http/README.md): placeholders, same chunks
    const afterPaint = (html: string) => [...html.matchAll(/<link rel="x-after-paint" data-after-paint href="([^"]+)">/g)].map((m) => m[1]);
    const drawnGame = (await page(`/game/${game.id}`)).html;
    expect(links(drawnGame)).toEqual([]);
    expect(afterPaint(drawnGame)).toEqual(["/assets/game-screen.js", "/assets/player-list.js"]);
    expect(afterPaint((await page(`/games/${region.slug}`)).html)).toEqual(["/assets/feed.js"]);
    expect(links((await page("/impressum")).html)).toEqual([]);
    expect(afterPaint((await page("/impressum")).html)).toEqual([]);
    // a page the browser draws (signed in): the same chunks, preloaded at once
    const browserDrawn = (await page(`/game/${game.id}`, { cookie: `${AUTH_STATE_COOKIE}=1` })).html;
    expect(links(browserDrawn)).toEqual(["/assets/game-screen.js", "/assets/player-list.js"]);
    expect(afterPaint(browserDrawn)).toEqual([]);
  });

  test("the shell comes compressed when accepted, and a malformed address is a 404, not an error", async () => {
    const br = await page("/impressum", { "accept-encoding": "br" });
    expect(br.res.headers.get("content-encoding")).toBe("br");
    const bad = await createApp(deps, assets).fetch(new Request("http://localhost:3000/%E0%A4%A"));
    expect(bad.status).toBe(404);
  });
});
