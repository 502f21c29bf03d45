import { beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { createApp } from "../app";
import { createUser, FACTORY_PASSWORD } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";
import { checkCsrf } from "./csrf";
import { serveClient, type StaticAssets } from "./static";

let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

describe("cookies", () => {
  test("login sets an HttpOnly Lax session cookie and a readable auth-state cookie", async () => {
    const user = await createUser(deps);
    const client = httpClient(deps);
    await client.request("/api/csrf");
    const res = await client.request("/trpc/auth.login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { email: user.email, password: FACTORY_PASSWORD } }),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("session="))!;
    expect(session).toContain("HttpOnly");
    expect(session).toContain("SameSite=Lax");
    expect(session).toContain("Path=/");
    expect(session).not.toContain("Secure"); // http on localhost
    const state = cookies.find((c) => c.startsWith("logged_in="))!;
    expect(state).not.toContain("HttpOnly");
    expect(await res.text()).not.toContain(client.jar.get("session")!); // the token never reaches scripts
  });

  test("cookies are Secure outside localhost", async () => {
    const secureDeps: Deps = { ...deps, config: { ...deps.config, publicUrl: "https://kickrunde.de", secureCookies: true } };
    const user = await createUser(deps);
    const client = httpClient(secureDeps);
    const csrf = await client.request("/api/csrf");
    expect(csrf.headers.getSetCookie()[0]).toContain("Secure");
    const { res } = await client.trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
    expect(res.headers.getSetCookie().every((c) => c.includes("Secure"))).toBe(true);
  });

  test("every page hands out a CSRF cookie once", async () => {
    const client = httpClient(deps);
    const first = await client.request("/api/health");
    expect(first.headers.getSetCookie().some((c) => c.startsWith("csrftoken="))).toBe(true);
    const second = await client.request("/api/health");
    expect(second.headers.getSetCookie()).toHaveLength(0);
  });
});

describe("CSRF on tRPC mutations", () => {
  test("a mutation without the header, or from another origin, is refused", async () => {
    const user = await createUser(deps);
    const noHeader = await httpClient(deps, { csrf: false }).trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
    expect(noHeader.res.status).toBe(403);
    expect(noHeader.body.error?.json.data.app.code).toBe("CSRF_FAILED");
    const foreign = await httpClient(deps, { origin: "https://evil.example" }).trpc("auth.login", {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(foreign.body.error?.json.data.app.code).toBe("CSRF_FAILED");
    const ok = await httpClient(deps).trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
    expect(ok.res.status).toBe(200);
  });

  test("GET cannot run a mutation", async () => {
    const res = await httpClient(deps).request(`/trpc/auth.logout`);
    expect(res.status).toBe(405);
  });

  test.each([
    [{ cookieToken: "a".repeat(48), headerToken: "a".repeat(48), origin: null, secFetchSite: null }, true],
    [{ cookieToken: "a".repeat(48), headerToken: "a".repeat(48), origin: "http://localhost:3000", secFetchSite: "same-origin" }, true],
    [{ cookieToken: "a".repeat(48), headerToken: "b".repeat(48), origin: null, secFetchSite: null }, false],
    [{ cookieToken: undefined, headerToken: "a".repeat(48), origin: null, secFetchSite: null }, false],
    [{ cookieToken: "a".repeat(48), headerToken: null, origin: null, secFetchSite: null }, false],
    [{ cookieToken: "short", headerToken: "short", origin: null, secFetchSite: null }, false],
    [{ cookieToken: "a".repeat(48), headerToken: "a".repeat(48), origin: "https://evil.example", secFetchSite: null }, false],
    [{ cookieToken: "a".repeat(48), headerToken: "a".repeat(48), origin: null, secFetchSite: "cross-site" }, false],
  ])("checkCsrf %#", (input, expected) => {
    expect(checkCsrf({ ...input, allowedOrigins: ["http://localhost:3000"] })).toBe(expected);
  });
});

describe("errors over HTTP", () => {
  test("tRPC errors carry the stable code and never an internal message", async () => {
    const { res, body } = await httpClient(deps).trpc("users.byId", { id: 99999999 }, "query");
    expect(res.status).toBe(404);
    expect(body.error?.json.data.app.code).toBe("USER_NOT_FOUND");
    const bad = await httpClient(deps).trpc("users.byId", { id: "x" }, "query");
    expect(bad.res.status).toBe(400);
    expect(bad.body.error?.json.data.app).toMatchObject({ code: "VALIDATION", fields: [{ path: "id", code: "id_invalid" }] });
  });
});

describe("static client", () => {
  const files: Record<string, string> = { "index.html": "<html>app</html>", "assets/app-123.js": "console.log(1)" };
  const assets: StaticAssets = { file: (p) => (p in files ? new Blob([files[p]!]) : null) };

  test("serves hashed assets with long caching and app routes with index.html", async () => {
    const js = (await serveClient(assets, "/assets/app-123.js"))!;
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect(js.headers.get("content-type")).toContain("javascript");
    const route = (await serveClient(assets, "/games/berlin"))!;
    expect(await route.text()).toBe("<html>app</html>");
    expect(route.headers.get("cache-control")).toBe("no-cache");
    expect(await serveClient(assets, "/assets/missing.js")).toBeNull();
  });

  test("the app answers unknown API paths with 404, not the app shell", async () => {
    const app = createApp(deps, assets);
    expect((await app.fetch(new Request("http://localhost:3000/api/nope"))).status).toBe(404);
    expect(await (await app.fetch(new Request("http://localhost:3000/user/3"))).text()).toBe("<html>app</html>");
  });
});

describe("stale sessions", () => {
  test("a cookie of an ended session is cleared on the next request", async () => {
    const user = await createUser(deps);
    const client = httpClient(deps);
    await client.trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
    const token = client.jar.get("session")!;
    await httpClient(deps).request("/api/health"); // unrelated request
    const other = httpClient(deps);
    other.jar.set("session", token);
    await other.trpc("auth.logout", undefined);
    expect(other.jar.has("session")).toBe(false);
    const res = await client.request("/trpc/users.myAccount");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("session=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(client.jar.has("logged_in")).toBe(false);
  });
});

describe("GET /api/csrf", () => {
  test("returns the token its cookie holds, on a first visit too", async () => {
    const client = httpClient(deps);
    const res = await client.request("/api/csrf");
    const { token } = (await res.json()) as { token: string };
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("csrftoken="))).toHaveLength(1);
    expect(client.jar.get("csrftoken")).toBe(token);
  });
});

describe("shared game links", () => {
  test("/game/{id} carries Open Graph and Twitter tags with time, place and spots left", async () => {
    const { createCourt, createGameRow, createRegion } = await import("../testing/factories");
    const region = await createRegion(deps);
    const court = await createCourt(deps, { regionId: region.id, name: "Mauerpark <Käfig>", address: "Gleimstraße 55" });
    const host = await createUser(deps);
    const game = await createGameRow(deps, {
      creatorId: host.id,
      regionId: region.id,
      courtId: court.id,
      startTime: new Date("2026-12-05T18:00:00Z"),
      maxPlayers: 10,
      priceCents: 350,
    }, 4);
    const index = '<html><head><meta name="description" content="x" /><title>Kickrunde</title></head><body></body></html>';
    const app = createApp(deps, { file: (p) => (p === "index.html" ? new Blob([index]) : null) });
    const html = await (await app.fetch(new Request(`http://localhost:3000/game/${game.id}`, { headers: { "accept-language": "de-DE,de;q=0.9" } }))).text();
    expect(html).toContain('<meta property="og:title" content="Kickrunde · Sa., 5. Dez. um 19:00 Uhr · Mauerpark &lt;Käfig&gt;" />');
    expect(html).toContain('<meta property="og:description" content="6 Plätze frei · 3,50\u00a0€ · Gleimstraße 55" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/game/${game.id}" />`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    const en = await (await app.fetch(new Request(`http://localhost:3000/game/${game.id}`, { headers: { "accept-language": "en-GB,en" } }))).text();
    expect(en).toContain("6 spots left · €3.50");
    // the fallback is English (spec 001): a French browser, or none named at all, never gets German
    for (const headers of [{ "accept-language": "fr-FR,fr;q=0.9" }, {}] as HeadersInit[]) {
      const fallback = await (await app.fetch(new Request(`http://localhost:3000/game/${game.id}`, { headers }))).text();
      expect(fallback).toContain("6 spots left · €3.50");
    }
    const unknown = await (await app.fetch(new Request("http://localhost:3000/game/99999999"))).text();
    expect(unknown).toBe(index);
  });

  test("a title with $ patterns stays text and does not copy the page into itself", async () => {
    const { createGameRow, createRegion } = await import("../testing/factories");
    const region = await createRegion(deps);
    const host = await createUser(deps);
    const game = await createGameRow(deps, { creatorId: host.id, regionId: region.id, startTime: new Date("2026-12-05T18:00:00Z"), title: "Kick $' $& $` $1" });
    const index = '<html><head><meta name="description" content="x" /><title>Kickrunde</title><script src="/a.js"></script></head><body></body></html>';
    const app = createApp(deps, { file: (p) => (p === "index.html" ? new Blob([index]) : null) });
    const html = await (await app.fetch(new Request(`http://localhost:3000/game/${game.id}`))).text();
    expect(html).toContain("<title>Kick $&#39; $&amp; $` $1");
    expect(html.match(/<script src/g)).toHaveLength(1);
    expect(html.match(/<script id="kr-boot"/g)).toHaveLength(1); // the game's data (boot-data.test.ts)
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.replace(/<script id="kr-boot"[\s\S]*?<\/script>/, "").length).toBeLessThan(index.length + 2000);
  });
});
