import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PRECACHE_PLACEHOLDER, precacheFiles } from "./sw-precache-plugin";

describe("service worker precache list", () => {
  test("the app's scripts, styles, fonts and images under assets/, with the base; nothing else", () => {
    expect(
      precacheFiles(["index.html", "route-chunks.json", "assets/index-a1.js", "assets/index-a1.css", "assets/maplibre-gl-worker-x.mjs", "assets/font-z.woff2", "assets/logo-q.svg", "favicon.svg", "assets/x.js.map"]),
    ).toEqual(["/assets/font-z.woff2", "/assets/index-a1.css", "/assets/index-a1.js", "/assets/logo-q.svg", "/assets/maplibre-gl-worker-x.mjs"]);
    expect(precacheFiles(["assets/a.js"], "/app/")).toEqual(["/app/assets/a.js"]);
  });

  test("client/public/sw.js holds the line the build replaces", () => {
    expect(readFileSync(join(import.meta.dir, "../../client/public/sw.js"), "utf8")).toContain(PRECACHE_PLACEHOLDER);
  });
});
