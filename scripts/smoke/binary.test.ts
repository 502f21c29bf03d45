// Smoke test of the single executable (dist/kickrunde, from `bun run build`): it runs from an empty
// temp dir with nothing of the repo beside it, on the embedded database and, when DATABASE_URL is
// set, on a fresh PostgreSQL database. Run: bun test scripts/smoke/binary.test.ts
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import postgres from "postgres";
import { EARLY_TAPS_SCRIPT, EARLY_TAPS_SCRIPT_SOURCE } from "../../server/http/early-taps";
import { readImageHeader } from "../../server/integrations/images";
import { eventually } from "../../server/testing/eventually";
import { decodeRgba, listFiles, rgbaPng } from "../../server/testing/upload";
import { BINARY, CLIENT_DIST } from "../lib/paths";
import { httpSession } from "./http";

const binary = process.env.KICKRUNDE_BINARY ?? BINARY;
const STARTUP_MS = 90_000;

type Target = { name: string; kind: "pglite" | "postgres" };
const targets: Target[] = [{ name: "the embedded database (PGlite)", kind: "pglite" }];
if (process.env.DATABASE_URL) targets.push({ name: "PostgreSQL (DATABASE_URL)", kind: "postgres" });

function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** A running copy of the binary in its own empty directory. */
class BinaryProcess {
  proc: Bun.Subprocess | undefined;
  constructor(
    readonly dir: string,
    readonly env: Record<string, string>,
  ) {}

  get logFile() {
    return join(this.dir, "kickrunde.log");
  }

  /** stderr: warnings and errors (the logger writes those there) */
  get errorFile() {
    return join(this.dir, "kickrunde.err");
  }

  log(): string {
    const read = (f: string) => (existsSync(f) ? readFileSync(f, "utf8") : "");
    return read(this.logFile) + read(this.errorFile);
  }

  async start(base: string): Promise<void> {
    // Only what a deployment would set: no inherited DATABASE_URL, CLIENT_DIST or repo paths.
    this.proc = Bun.spawn([join(this.dir, "kickrunde")], {
      cwd: this.dir,
      env: this.env,
      stdout: Bun.file(this.logFile),
      stderr: Bun.file(this.errorFile),
    });
    const proc = this.proc;
    // a fetch that throws means not listening yet
    const state = await eventually(async () => (proc.exitCode !== null ? "exited" : (await fetch(`${base}/api/ready`)).ok && "healthy"), {
      what: `${base}/api/ready (started and ready)`,
      timeoutMs: STARTUP_MS,
      intervalMs: 100,
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${this.log()}`);
    });
    if (state === "exited") throw new Error(`the binary exited with ${proc.exitCode}:\n${this.log()}`);
  }

  async stop(): Promise<void> {
    if (!this.proc || this.proc.exitCode !== null) return;
    this.proc.kill("SIGTERM");
    const exited = await Promise.race([this.proc.exited, Bun.sleep(10_000).then(() => null)]);
    if (exited === null) {
      this.proc.kill("SIGKILL");
      await this.proc.exited;
    }
  }
}

/**
 * Copies the binary into `dir` and starts it on `port` with a clean environment plus `extra`; on
 * PostgreSQL in a database of its own, which `dropDatabase` removes.
 */
async function startBinary(target: (typeof targets)[number], dir: string, port: number, base: string, extra: Record<string, string>) {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run \`bun run build\` first`);
  copyFileSync(binary, join(dir, "kickrunde"));
  const env: Record<string, string> = {
    PATH: "/usr/bin:/bin",
    HOME: dir,
    TMPDIR: tmpdir(),
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: join(dir, "data"),
    // the binary runs in production, which refuses to start without the Impressum's data (config.ts productionRefusal)
    LEGAL_OPERATOR: "Kickrunde Smoke GmbH",
    LEGAL_ADDRESS: "Rauchweg 1; 10115 Berlin",
    LEGAL_CONTACT_EMAIL: "smoke@kickrunde.example",
    LEGAL_REPRESENTATIVE: "Sam Smoke",
    LEGAL_DATA_PROTECTION_EMAIL: "datenschutz@kickrunde.example",
    ...extra,
  };
  let dropDatabase = async () => {};
  if (target.kind === "postgres") {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `kr_smoke_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const app = new BinaryProcess(dir, env);
  await app.start(base);
  return { app, dropDatabase };
}

for (const target of targets) {
  describe(`binary on ${target.name}`, () => {
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const dir = mkdtempSync(join(tmpdir(), "kickrunde-smoke-"));
    const email = `smoke-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = "smoke-pass-123";
    let app: BinaryProcess;
    let dropDatabase = async () => {};
    let pictureUrl: string | undefined;

    beforeAll(async () => {
      ({ app, dropDatabase } = await startBinary(target, dir, port, base, { SEED: "demo", LOG_LEVEL: "warn" }));
    }, STARTUP_MS + 30_000);

    afterAll(async () => {
      await app?.stop();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    test("answers /api/health on the expected database, is ready for a load balancer (/api/ready) and prints its URL", async () => {
      const res = await fetch(`${base}/api/health`);
      expect(await res.json()).toEqual({ ok: true, database: target.kind, maintenance: false });
      const ready = await fetch(`${base}/api/ready`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { ready: true } });
      expect(app.log()).toContain(`Kickrunde is running at ${base}`);
    });

    test("runs with nothing beside it: no migrations or client files unpacked next to the binary", () => {
      const beside = readdirSync(dir).sort();
      expect(beside).toEqual(["data", "kickrunde", "kickrunde.err", "kickrunde.log"]);
      // On PostgreSQL, DATA_DIR holds only the uploads (the demo courts' pictures): no database, nothing unpacked.
      if (target.kind !== "pglite") expect(readdirSync(join(dir, "data"))).toEqual(["uploads"]);
    });

    /** The app's main chunk: the largest script the page loads (the entry may be a small facade that imports it). */
    async function mainScript(html: string): Promise<string | undefined> {
      const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      const sizes = await Promise.all(scripts.map(async (s) => [s, (await (await fetch(`${base}${s}`)).text()).length] as const));
      return sizes.sort((a, b) => b[1] - a[1])[0]?.[0];
    }

    test("serves the built index.html, its hashed JS asset and the app shell for client routes", async () => {
      const res = await fetch(`${base}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      const html = await res.text();
      expect(html).toContain('<div id="root">');
      const script = await mainScript(html);
      expect(script).toBeDefined();

      const asset = await fetch(`${base}${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toContain("javascript");
      expect(asset.headers.get("cache-control")).toContain("immutable");
      const js = await asset.text();
      expect(js.length).toBeGreaterThan(1000);
      // When the build output is at hand, the embedded copy must be the same bytes.
      const onDisk = join(CLIENT_DIST, script!);
      if (existsSync(onDisk)) expect(js).toBe(readFileSync(onDisk, "utf8"));

      const deepLink = await fetch(`${base}/some/client/route`);
      expect(deepLink.status).toBe(200);
      expect(await deepLink.text()).toContain('<div id="root">');
      expect((await fetch(`${base}/assets/does-not-exist.js`)).status).toBe(404);
    });

    test("serves the embedded precompressed copies by Accept-Encoding (brotli, gzip, else identity)", async () => {
      const html = await (await fetch(`${base}/`, { headers: { "accept-encoding": "identity" } })).text();
      const script = (await mainScript(html))!;
      const raw = (path: string, accept: string) => fetch(`${base}${path}`, { headers: { "accept-encoding": accept }, decompress: false } as RequestInit);
      const identity = await raw(script, "identity");
      expect(identity.headers.get("content-encoding")).toBeNull();
      expect(identity.headers.get("vary")).toBe("Accept-Encoding");
      const js = new Uint8Array(await identity.arrayBuffer());
      for (const [accept, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip, deflate", "gzip"],
      ] as const) {
        for (const path of [script, "/", "/impressum"]) {
          const res = await raw(path, accept);
          expect(res.status).toBe(200);
          expect(res.headers.get("content-encoding")).toBe(encoding);
          expect(res.headers.get("vary")).toBe("Accept-Encoding");
          const body = new Uint8Array(await res.arrayBuffer());
          const plain = encoding === "br" ? new Uint8Array(brotliDecompressSync(body)) : Bun.gunzipSync(body);
          if (path === script) {
            expect(body.byteLength).toBeLessThan(js.byteLength / 2);
            expect(plain).toEqual(js);
          } else {
            // each page names the chunks of its own screen to preload: compare with its own plain copy
            const own = path === "/" ? html : await (await raw(path, "identity")).text();
            expect(new TextDecoder().decode(plain)).toBe(own);
          }
        }
      }
      // a page with its first screen's data in it (the feed) is compressed on the fly, as is a dynamic answer (the regions list)
      const feedPage = await raw("/games/berlin", "gzip");
      expect(feedPage.headers.get("content-encoding")).toBe("gzip");
      const feedHtml = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await feedPage.arrayBuffer())));
      expect(feedHtml).toContain('<script id="kr-boot" type="application/json">');
      // drawn by the binary's bundled renderer for this guest (server/http/first-screen.ts), in English for a request
      // that names no language (spec 001: fallback en)
      expect(feedHtml).toContain('<div id="root" data-first-screen="en"');
      expect(feedHtml).toContain("Games in Berlin");
      const regions = await raw("/trpc/regions.list", "gzip");
      expect(regions.headers.get("content-encoding")).toBe("gzip");
      expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await regions.arrayBuffer()))))).toMatchObject({ result: { data: {} } });
    });

    test("serves the install manifest and its icons embedded, with their types (issue 27, features/install)", async () => {
      const res = await fetch(`${base}/manifest.webmanifest`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/manifest+json");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      const manifest = (await res.json()) as { display: string; icons: { src: string; sizes: string }[] };
      expect(manifest.display).toBe("standalone");
      expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
      for (const icon of manifest.icons) {
        const png = await fetch(`${base}${icon.src}`);
        expect(png.status, icon.src).toBe(200);
        expect(png.headers.get("content-type"), icon.src).toBe("image/png");
        const header = readImageHeader(new Uint8Array(await png.arrayBuffer()));
        expect(header && `${header.width}x${header.height}`, icon.src).toBe(icon.sizes);
      }
    });

    test("SEED=demo on the production binary loads the demo accounts, with a loud warning in the log", async () => {
      const login = await httpSession(base).trpc("auth.login", { email: "admin@kickrunde.de", password: "kickrunde" }, "mutation");
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const warning = app.log().split("\n").find((line) => line.includes("DEMO DATA ON A PRODUCTION SERVER"));
      expect(warning, app.log()).toBeDefined();
      expect(JSON.parse(warning!)).toMatchObject({ level: "warn", password: "kickrunde", admin: "admin@kickrunde.de" });
    });

    test("every answer carries the security headers: a CSP that lets the page, its scripts and styles load, no HSTS on http", async () => {
      const page = await fetch(`${base}/games/berlin`);
      const html = await page.text();
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      // the production default map (OpenFreeMap) may be fetched; no Stripe.js without a publishable key
      expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.openfreemap\.org/);
      // frames: https pages only (tournament plans, server/http/README.md)
      expect(csp).toContain("frame-src https:;");
      // every script is a file of this origin, data that never runs, or a placeholder for the app's module that the
      // one inline script the policy allows by its hash (the early-taps holder and starter before a drawn first screen,
      // server/http/early-taps.ts) turns into a module script of this origin after the first paint
      for (const [tag, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
        if (tag.startsWith("<script>")) expect(body).toBe(EARLY_TAPS_SCRIPT);
        else expect(tag).toMatch(/ src="\/assets\/|type="application\/json"|type="text\/x-after-paint" data-after-paint data-src="\/assets\//);
      }
      expect(csp).toContain(EARLY_TAPS_SCRIPT_SOURCE);
      expect(html).toContain('<script id="kr-boot" type="application/json">');
      for (const path of ["/", "/api/health", "/trpc/regions.list", "/favicon.svg", "/nothing.js"]) {
        const res = await fetch(`${base}${path}`);
        expect(res.headers.get("content-security-policy"), path).toBe(csp);
        expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
        expect(res.headers.get("permissions-policy"), path).toContain("geolocation=(self)");
        expect(res.headers.get("permissions-policy"), path).toContain("camera=()");
        expect(res.headers.get("strict-transport-security"), path).toBeNull();
      }
    });

    test("registers, reads the account, logs out and logs in again over tRPC with the CSRF cookie and header", async () => {
      const s = httpSession(base);
      const register = await s.trpc(
        "auth.register",
        { email, password, firstName: "Smoke", regionSlug: "berlin", language: "de" },
        "mutation",
      );
      expect(register.status, JSON.stringify(register.body)).toBe(200);
      expect(register.data?.userId).toBeNumber();
      expect(s.jar.has("session")).toBe(true);

      const account = await s.trpc("users.myAccount", undefined, "query");
      expect(account.status, JSON.stringify(account.body)).toBe(200);
      expect(account.data?.email).toBe(email);

      expect((await s.trpc("auth.logout", undefined, "mutation")).status).toBe(200);
      expect(s.jar.has("session")).toBe(false);

      const fresh = httpSession(base);
      const login = await fresh.trpc("auth.login", { email, password }, "mutation");
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.data?.userId).toBe(register.data?.userId);
      expect(fresh.jar.has("session")).toBe(true);
    });

    test("GET /api/csrf hands out the token its csrftoken cookie holds", async () => {
      const s = httpSession(base);
      const res = await s.request("/api/csrf");
      const { token } = (await res.json()) as { token: string };
      expect(token).toMatch(/^[A-Za-z0-9]{32,64}$/);
      expect(s.jar.get("csrftoken")).toBe(token);
      // A client that only uses the body's token (the native wrapper) can then sign in.
      const login = await s.request("/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json", "X-CSRFToken": token },
        body: JSON.stringify({ json: { email, password } }),
      });
      expect(login.status).toBe(200);
    });

    test("refuses a tRPC mutation without the CSRF header", async () => {
      const s = httpSession(base);
      await s.csrfToken();
      const res = await s.request("/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ json: { email, password } }),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    test("answers the GraphQL regions query with the demo regions", async () => {
      const { status, body } = await httpSession(base).graphql("{ regions { slug } }");
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      const slugs = (body.data?.regions as { slug: string }[]).map((r) => r.slug);
      expect(slugs).toContain("berlin");
    });

    test("takes a profile picture (photon's wasm inside the binary), stores it in DATA_DIR/uploads and serves it back", async () => {
      const s = httpSession(base);
      expect((await s.trpc("auth.login", { email, password }, "mutation")).status).toBe(200);
      const upload = async (path: string, form: FormData) => {
        const res = await s.request(path, { method: "POST", headers: { "X-CSRFToken": await s.csrfToken() }, body: form });
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      };
      const uploadsDir = join(dir, "data", "uploads");
      // the demo courts' pictures live beside them (court-images/)
      const profileFiles = () => listFiles(uploadsDir).filter((f) => f.startsWith("profile-images/"));

      // a PNG with a transparent left half: comes back as a 640x640 JPEG with white there
      const png = rgbaPng(900, 600, (x) => (x < 450 ? [0, 0, 0, 0] : [20, 40, 200, 255]));
      const form = new FormData();
      form.append("profileImage", new File([png as BlobPart], "me.png", { type: "image/png" }));
      const posted = await upload("/api/profile-image", form);
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      const first = posted.body.profileImageUrl as string;
      expect(first).toMatch(/^\/uploads\/profile-images\/[0-9a-f-]+\.jpg$/);
      expect(profileFiles()).toEqual([first.slice("/uploads/".length)]);

      const served = await fetch(`${base}${first}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(served.headers.get("cache-control")).toContain("immutable");
      const jpeg = new Uint8Array(await served.arrayBuffer());
      expect(readImageHeader(jpeg)).toMatchObject({ format: "jpeg", width: 640, height: 640 });
      const pixels = decodeRgba(jpeg);
      expect(Math.min(...pixels.pixel(80, 320).slice(0, 3))).toBeGreaterThan(235);
      expect(pixels.pixel(560, 320)[2]).toBeGreaterThan(160);

      // the GraphQL multipart upload replaces it (the old file goes), wrong bytes are refused
      const gql = (bytes: Uint8Array, name: string) => {
        const f = new FormData();
        f.append("operations", JSON.stringify({ query: "mutation ($f: File!) { uploadProfileImage(profileImage: $f) { profileImageUrl } }", variables: { f: null } }));
        f.append("map", JSON.stringify({ 0: ["variables.f"] }));
        f.append("0", new File([bytes as BlobPart], name, { type: "image/jpeg" }));
        return upload("/graphql", f);
      };
      const replaced = await gql(rgbaPng(64, 64, () => [200, 30, 30, 255]), "small.png");
      expect(replaced.body.errors, JSON.stringify(replaced.body)).toBeUndefined();
      pictureUrl = replaced.body.data.uploadProfileImage.profileImageUrl as string;
      expect(profileFiles()).toEqual([pictureUrl.slice("/uploads/".length)]);
      expect((await fetch(`${base}${first}`)).status).toBe(404);
      const refused = await gql(new TextEncoder().encode("not a picture"), "fake.jpg");
      expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringContaining("format"), extensions: { code: "IMAGE_FORMAT" } });
      expect(profileFiles()).toHaveLength(1);

      const account = await s.trpc("users.myAccount", undefined, "query");
      expect(account.data?.profileImageUrl).toBe(pictureUrl);
    });

    test("keeps its data across a restart (migrations and demo seed run again without harm)", async () => {
      await app.stop();
      await app.start(base);
      const login = await httpSession(base).trpc("auth.login", { email, password }, "mutation");
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const { body } = await httpSession(base).graphql("{ regions { slug } }");
      const slugs = (body.data?.regions as { slug: string }[]).map((r) => r.slug);
      expect(slugs.filter((s) => s === "berlin")).toHaveLength(1);
      if (pictureUrl) expect((await fetch(`${base}${pictureUrl}`)).status).toBe(200);
    }, STARTUP_MS);
  });
}

/**
 * Issue 23, item 7: a fresh production start (the binary's NODE_ENV default, no SEED) loads the regions
 * and no account at all, so no demo password opens it; behind https it sends HSTS.
 */
for (const target of targets) {
  describe(`a fresh production binary without SEED on ${target.name}`, () => {
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const dir = mkdtempSync(join(tmpdir(), "kickrunde-smoke-prod-"));
    let app: BinaryProcess;
    let dropDatabase = async () => {};

    beforeAll(async () => {
      ({ app, dropDatabase } = await startBinary(target, dir, port, base, { PUBLIC_URL: "https://kickrunde.example", LOG_LEVEL: "info" }));
    }, STARTUP_MS + 30_000);

    afterAll(async () => {
      await app?.stop();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    test("has the regions, and no demo account signs in", async () => {
      const { body } = await httpSession(base).graphql("{ regions { slug } }");
      const slugs = (body.data?.regions as { slug: string }[]).map((r) => r.slug);
      expect(slugs).toContain("berlin");
      expect(slugs.length).toBeGreaterThanOrEqual(24);
      for (const email of ["admin@kickrunde.de", "orga@kickrunde.de", "spieler@kickrunde.de"]) {
        const login = await httpSession(base).trpc("auth.login", { email, password: "kickrunde" }, "mutation");
        expect(login.status, email).toBe(401);
      }
      expect(app.log()).toContain("reference data loaded (no accounts)");
      expect(app.log()).not.toContain("DEMO DATA");
      // no demo games either: Berlin's feed is empty
      const feed = await httpSession(base).trpc("games.feed", { regionSlug: "berlin" }, "query");
      expect((feed.data as { games: unknown[] } | undefined)?.games).toEqual([]);
    });

    test("behind https (PUBLIC_URL) it sends HSTS and asks browsers to upgrade requests", async () => {
      const res = await fetch(`${base}/`);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    });
  });
}
