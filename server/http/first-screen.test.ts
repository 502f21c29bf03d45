import { beforeAll, describe, expect, test } from "bun:test";
import { AUTH_STATE_COOKIE } from "@shared/constants";
import type { Deps } from "../context";
import { createApp } from "../app";
import { organizations } from "../db/schema";
import { createCourt, createGameRow, createRegion, createUser } from "../testing/factories";
import { signedInPlayer } from "../testing/payment-fixtures";
import { testDeps } from "../testing/test-db";
import { EARLY_TAPS_SCRIPT } from "./early-taps";
import { isGuestRequest, scriptsAfterFirstPaint } from "./first-screen";
import type { StaticAssets } from "./static";

/**
 * Issue 28 (the first screen without waiting for JavaScript): a guest's game page and region feed come with their
 * first screen drawn by the browser's own components (client/src/entry-server.tsx) inside #root, in the language
 * of the request; the browser hydrates it (client/e2e/first-screen.test.ts checks that in Chromium).
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

const INDEX = '<html lang="de"><head><title>Kickrunde</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const assets: StaticAssets = { file: (p) => (p === "index.html" ? new Blob([INDEX]) : null) };

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await createApp(deps, assets).fetch(new Request(`http://localhost:3000${path}`, { headers }));
  const html = await res.text();
  const root = /<div id="root"([^>]*)>([\s\S]*?)<\/div><\/body>/.exec(html);
  return { res, html, attributes: root?.[1] ?? "", screen: root?.[2] ?? "" };
}

async function setup() {
  const region = await createRegion(deps, { name: "Kleinstadt" });
  const court = await createCourt(deps, { regionId: region.id, name: "Mauerpark" });
  const host = await createUser(deps, { firstName: "Jonas" });
  const start = new Date(Date.now() + 26 * 3_600_000);
  const game = await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: court.id, startTime: start, maxPlayers: 10, title: "Kick im Park" }, 3);
  return { region, game };
}

describe("the first screen drawn by the server", () => {
  test("a guest's feed: the shell, the heading and the game cards, in German by default", async () => {
    const { region } = await setup();
    const { res, attributes, screen } = await page(`/games/${region.slug}`, { "accept-language": "de-DE,de;q=0.9" });
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toContain("Accept-Language, Cookie");
    expect(attributes).toMatch(/^ data-first-screen="de" data-drawn-at="\d{13}"$/);
    expect(screen).toContain("Kickrunden in Kleinstadt");
    expect(screen).toContain("Mauerpark");
    expect(screen).toContain('aria-label="Menü öffnen"');
    // the data the screen was drawn from comes with it, for the browser's hydration
    expect((await page(`/games/${region.slug}`)).html).toContain('<script id="kr-boot"');
  });

  test("in English when the browser asks for English; a game page with its game", async () => {
    const { region, game } = await setup();
    expect((await page(`/games/${region.slug}`, { "accept-language": "en-US,en;q=0.9" })).screen).toContain("Games in Kleinstadt");
    const { attributes, screen, html } = await page(`/game/${game.id}`, { "accept-language": "en" });
    expect(attributes).toContain('data-first-screen="en"');
    // the page says its language before the app runs
    expect(html.startsWith('<html lang="en">')).toBe(true);
    expect((await page(`/game/${game.id}`, { "accept-language": "de" })).html.startsWith('<html lang="de">')).toBe(true);
    expect(screen).toContain("Mauerpark");
    expect(screen).toContain("Jonas");
  });

  test("a drawn page starts the app's code after its first paint: the module script and preloads come as inert placeholders", async () => {
    const { game } = await setup();
    const drawn = (await page(`/game/${game.id}`)).html;
    expect(drawn).not.toContain('<script type="module"');
    expect(drawn).toContain('<script type="text/x-after-paint" data-after-paint data-src="/assets/index.js"></script>');
    // the inline script that turns them into real ones comes before the drawn screen
    expect(drawn.indexOf(EARLY_TAPS_SCRIPT)).toBeGreaterThan(drawn.indexOf("data-after-paint"));
    expect(drawn.indexOf(EARLY_TAPS_SCRIPT)).toBeLessThan(drawn.indexOf('<div id="root"'));
    // a page the browser draws itself loads its code at once, as before
    const signedIn = (await page(`/game/${game.id}`, { cookie: `${AUTH_STATE_COOKIE}=1` })).html;
    expect(signedIn).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(signedIn).not.toContain("data-after-paint");
  });

  test("scriptsAfterFirstPaint: every module script and module preload, whatever their other attributes, and nothing else", () => {
    const html =
      '<head><script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/client-2.js">' +
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/game-3.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/client.css"><link rel="icon" href="/favicon.svg"></head>';
    expect(scriptsAfterFirstPaint(html)).toBe(
      '<head><script type="text/x-after-paint" data-after-paint data-src="/assets/index-1.js"></script>' +
        '<link rel="x-after-paint" data-after-paint href="/assets/client-2.js">' +
        '<link rel="x-after-paint" data-after-paint href="/assets/game-3.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/client.css"><link rel="icon" href="/favicon.svg"></head>',
    );
  });

  test("not drawn for a signed-in browser, the native wrapper, a feed with a filter or an unknown page", async () => {
    const { region, game } = await setup();
    for (const cookie of ["session=abc", "logged_in=1"]) expect((await page(`/games/${region.slug}`, { cookie })).screen).toBe("");
    expect((await page(`/game/${game.id}`, { "user-agent": "Mozilla/5.0 (Linux; Android 14) KickrundeApp/3.1" })).screen).toBe("");
    expect((await page(`/games/${region.slug}?tab=mine`)).screen).toBe("");
    // a query that opens a dialog the browser loads on demand
    for (const query of ["missing-players", "created", "payment-return"]) expect((await page(`/game/${game.id}?${query}`)).screen).toBe("");
    expect((await page("/games/no-such-region")).screen).toBe("");
    expect((await page("/game/999999999")).screen).toBe("");
  });

  test("a guest's court page: the court's card, its facts and games, and the map's placeholder, in German and English", async () => {
    const region = await createRegion(deps, { name: "Kleinstadt" });
    const court = await createCourt(deps, { regionId: region.id, name: "Bolzplatz am Weiher" });
    const host = await createUser(deps, { firstName: "Jonas" });
    await createGameRow(deps, { creatorId: host.id, regionId: region.id, courtId: court.id, startTime: new Date(Date.now() + 26 * 3_600_000), maxPlayers: 10, title: "Kick am Weiher" }, 2);
    const de = await page(`/court/${court.id}`, { "accept-language": "de-DE,de;q=0.9" });
    expect(de.attributes).toMatch(/^ data-first-screen="de" data-drawn-at="\d{13}"$/);
    expect(de.screen).toMatch(/<h1[^>]*>Bolzplatz am Weiher<\/h1>/);
    expect(de.screen).toContain("Platzdetails");
    expect(de.screen).toContain("Kick am Weiher");
    // the map is drawn by the browser: its box holds the placeholder
    expect(de.screen).toContain('aria-label="Karte wird geladen..."');
    const en = await page(`/court/${court.id}`, { "accept-language": "en-GB,en;q=0.9" });
    expect(en.attributes).toContain('data-first-screen="en"');
    expect(en.screen).toContain("Court details");
  });

  test("a guest's tournament page: its hero and registration, in German and English; never a draft", async () => {
    const region = await createRegion(deps, { name: "Kleinstadt" });
    const organizationId = (await deps.db.insert(organizations).values({ name: `Turnier e.V. ${region.id}` }).returning())[0]!.id;
    const organiser = await signedInPlayer(deps, { organizationId, regionId: region.id });
    const startTime = new Date(Date.now() + 10 * 86_400_000);
    const input = { startTime, endTime: new Date(startTime.getTime() + 8 * 3_600_000), maxTeams: 8, locationName: "Sportpark Süd", regionId: region.id };
    const cup = await organiser.caller.tournaments.create({ name: "Weiher-Cup", ...input });
    await organiser.caller.tournaments.publish({ tournamentId: cup.id });
    const de = await page(`/tournament/${cup.id}`, { "accept-language": "de" });
    expect(de.attributes).toContain('data-first-screen="de"');
    expect(de.screen).toMatch(/<h1[^>]*>Weiher-Cup<\/h1>/);
    expect(de.screen).toContain("Sportpark Süd");
    expect(de.screen).toContain("Anmeldung");
    const en = await page(`/tournament/${cup.id}`, { "accept-language": "en" });
    expect(en.attributes).toContain('data-first-screen="en"');
    expect(en.screen).toContain("Registration");
    // a query opens a modal (?rules, ?terms) or comes back from a payment: the browser draws those
    for (const query of ["rules", "terms", "tpid=1"]) expect((await page(`/tournament/${cup.id}?${query}`)).screen).toBe("");
    // a draft: nothing of it for a guest, neither drawn nor in the page's data
    const draft = await organiser.caller.tournaments.create({ name: "Geheimer Cup", ...input });
    const drawn = await page(`/tournament/${draft.id}`);
    expect(drawn.screen).toBe("");
    expect(drawn.html).not.toContain("Geheimer Cup");
  });

  test("unknown and over-long court and tournament ids are not drawn", async () => {
    for (const path of ["/court/999999999", "/tournament/999999999", "/court/2147483648", "/tournament/1234567890123456789012", "/court/0"]) {
      const { res, screen } = await page(path);
      expect(res.status).toBe(200);
      expect(screen).toBe("");
    }
  });

  test("a guest is a browser without the session and the auth-state cookies", () => {
    expect(isGuestRequest(null)).toBe(true);
    expect(isGuestRequest("csrftoken=x; kickrunde.region=berlin")).toBe(true);
    expect(isGuestRequest("session=t")).toBe(false);
    expect(isGuestRequest("csrftoken=x; logged_in=1")).toBe(false);
  });
});
