import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { precompressDir } from "../../scripts/lib/precompress";
import { createApp } from "../app";
import type { Deps } from "../context";
import { createRegion } from "../testing/factories";
import { testDeps } from "../testing/test-db";
import { acceptedEncoding, compressAnswers } from "./compression";
import { diskAssets, serveClient } from "./static";

const decode = {
  br: (b: Uint8Array) => new Uint8Array(brotliDecompressSync(b)),
  gzip: (b: Uint8Array) => Bun.gunzipSync(b as Uint8Array<ArrayBuffer>),
  zstd: (b: Uint8Array) => Bun.zstdDecompressSync(b),
} as const;
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

// A built client as Vite leaves it, precompressed by the same step the build runs.
const dist = mkdtempSync(join(tmpdir(), "kickrunde-dist-"));
const script = `export const games = [${Array.from({ length: 300 }, (_, i) => `{id:${i},name:"Kickrunde ${i}"}`).join(",")}];`;
const html = `<!doctype html><html lang="de"><head><title>Kickrunde</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
beforeAll(() => {
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), html);
  writeFileSync(join(dist, "assets/app-123.js"), script);
  writeFileSync(join(dist, "assets/tiny-1.js"), "1");
  writeFileSync(join(dist, "assets/logo-9.png"), new Uint8Array(4000).fill(7));
  precompressDir(dist);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("acceptedEncoding", () => {
  test.each([
    ["gzip, deflate, br, zstd", ["br", "gzip"], "br"],
    ["gzip, deflate, br, zstd", ["zstd", "gzip"], "zstd"],
    ["gzip, deflate", ["br", "gzip"], "gzip"],
    ["br;q=0, gzip;q=0.5", ["br", "gzip"], "gzip"],
    ["BR ; q=1", ["br", "gzip"], "br"],
    ["*", ["br", "gzip"], "br"],
    ["*;q=0, gzip", ["br", "gzip"], "gzip"],
    ["identity", ["br", "gzip"], null],
    ["gzip;q=0", ["br", "gzip"], null],
    ["", ["br", "gzip"], null],
    [null, ["br", "gzip"], null],
  ] as const)("%p of %p -> %p", (header, preferred, expected) => {
    expect(acceptedEncoding(header, preferred)).toBe(expected);
  });
});

describe("precompressed client files", () => {
  test("the build writes brotli and gzip copies of text files that decompress to the file, and none for tiny or binary files", () => {
    for (const name of ["index.html", "assets/app-123.js"]) {
      const source = readFileSync(join(dist, name));
      const br = readFileSync(join(dist, `${name}.br`));
      const gz = readFileSync(join(dist, `${name}.gz`));
      expect(br.byteLength).toBeLessThan(source.byteLength / 3);
      expect(Buffer.from(decode.br(br))).toEqual(source);
      expect(Buffer.from(decode.gzip(gz))).toEqual(source);
    }
    expect(existsSync(join(dist, "assets/tiny-1.js.br"))).toBe(false);
    expect(existsSync(join(dist, "assets/tiny-1.js.gz"))).toBe(false);
    expect(existsSync(join(dist, "assets/logo-9.png.br"))).toBe(false);
  });

  test("Accept-Encoding picks brotli, then gzip, else the file itself; every answer varies on it", async () => {
    const assets = diskAssets(dist);
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0, gzip", "gzip"],
      [null, null],
      ["identity", null],
    ] as const) {
      const res = (await serveClient(assets, "/assets/app-123.js", accept))!;
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("content-encoding")).toBe(encoding);
      const body = await bytesOf(res);
      expect(text(encoding ? decode[encoding](body) : body)).toBe(script);
    }
  });

  test("the app shell for client routes comes compressed too; files without copies are sent as they are", async () => {
    const assets = diskAssets(dist);
    const route = (await serveClient(assets, "/games/berlin", "br"))!;
    expect(route.headers.get("content-encoding")).toBe("br");
    expect(route.headers.get("cache-control")).toBe("no-cache");
    expect(text(decode.br(await bytesOf(route)))).toBe(html);
    const png = (await serveClient(assets, "/assets/logo-9.png", "br, gzip"))!;
    expect(png.headers.get("content-encoding")).toBeNull();
    expect(png.headers.get("vary")).toBeNull();
    expect((await bytesOf(png)).byteLength).toBe(4000);
    const tiny = (await serveClient(assets, "/assets/tiny-1.js", "br, gzip"))!;
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe("1");
  });
});

describe("dynamic answers", () => {
  let deps: Deps;
  beforeAll(async () => {
    deps = await testDeps();
    // enough regions for a regions.list answer above the threshold
    for (let i = 0; i < 12; i++) await createRegion(deps, { name: `Kompressionsstadt ${i}` });
  });

  const get = (app: ReturnType<typeof createApp>, path: string, accept?: string) =>
    app.fetch(new Request(`http://localhost:3000${path}`, { headers: accept ? { "accept-encoding": accept } : {} }));

  test("tRPC answers are compressed with zstd or gzip by Accept-Encoding, identity otherwise", async () => {
    const app = createApp(deps, diskAssets(dist));
    const plain = await get(app, "/trpc/regions.list");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "zstd"],
      ["gzip, deflate, br", "gzip"],
    ] as const) {
      const res = await get(app, "/trpc/regions.list", accept);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = await bytesOf(res);
      expect(body.byteLength).toBeLessThan(json.length / 2);
      expect(JSON.parse(text(decode[encoding](body)))).toEqual(JSON.parse(json));
    }
  });

  test("small answers, already encoded files and event streams are left as they are", async () => {
    const app = createApp(deps, diskAssets(dist));
    const health = await get(app, "/api/health", "gzip");
    expect(health.headers.get("content-encoding")).toBeNull();
    expect(await health.json()).toMatchObject({ ok: true });
    // the precompressed file, not compressed a second time
    const js = await get(app, "/assets/app-123.js", "gzip, deflate, br, zstd");
    expect(js.headers.get("content-encoding")).toBe("br");
    expect(text(decode.br(await bytesOf(js)))).toBe(script);

    const stream = new Hono();
    stream.use("*", compressAnswers());
    stream.get("/events", () => new Response(`data: ${"x".repeat(5000)}\n\n`, { headers: { "content-type": "text/event-stream" } }));
    const events = await stream.fetch(new Request("http://localhost/events", { headers: { "accept-encoding": "gzip" } }));
    expect(events.headers.get("content-encoding")).toBeNull();
    expect(await events.text()).toStartWith("data: xxx");
  });
});
