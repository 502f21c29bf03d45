import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { AppError } from "../lib/errors";
import { WorkerPool } from "../lib/worker-pool";
import { testDeps } from "../testing/test-db";
import { blackBitmapPng, depsWithUploadDir, postProfileImage, rgbaPng, signedInClient } from "../testing/upload";
import { squareJpegOf } from "./image-codec";
import { createImagePool, IMAGE_WORKERS, PROFILE_IMAGE, profileImageJpeg, readImageHeader, type ImageTask } from "./images";

let deps: Deps;
let uploads: ReturnType<typeof depsWithUploadDir>;
beforeAll(async () => {
  uploads = depsWithUploadDir(await testDeps());
  deps = uploads.deps;
});
afterAll(() => uploads.cleanup());

/** 16 megapixels (within the 25-megapixel limit) in a few kB: a real, slow decode. */
const bigPicture = () => blackBitmapPng(4000, 4000);
const smallPicture = () => rgbaPng(120, 80, () => [10, 120, 200, 255]);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("the picture was accepted");
}

describe("image decoding runs off the request thread", () => {
  test("while 4 big uploads are decoded, /api/health answers and the main thread's timers run on time", async () => {
    // What one decode costs on this machine right now, done the old way: on this thread.
    const big = bigPicture();
    const header = readImageHeader(big)!;
    await squareJpegOf(smallPicture(), readImageHeader(smallPicture())!, PROFILE_IMAGE.size, PROFILE_IMAGE.jpegQuality); // photon loaded
    const decodeStarted = performance.now();
    await squareJpegOf(big, header, PROFILE_IMAGE.size, PROFILE_IMAGE.jpegQuality);
    const decodeMs = performance.now() - decodeStarted;

    const clients = await Promise.all([1, 2, 3, 4].map(() => signedInClient(deps)));
    const health = clients[0]!.client;

    // Longest pause between ticks of a 10 ms timer on this thread while the uploads run: a decode
    // on this thread would hold it for a whole decode.
    let last = performance.now();
    let longestPause = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
    }, 10);

    let firstUploadDone = Infinity;
    let pending = clients.length;
    const posted = Promise.all(
      clients.map(({ client }) =>
        postProfileImage(client, big, "big.png", "image/png").finally(() => {
          firstUploadDone = Math.min(firstUploadDone, performance.now());
          pending--;
        }),
      ),
    );
    const healthChecks: { ms: number; at: number; status: number }[] = [];
    while (pending > 0) {
      const started = performance.now();
      const res = await health.request("/api/health");
      healthChecks.push({ ms: performance.now() - started, at: performance.now(), status: res.status });
      await Bun.sleep(20);
    }
    const results = await posted;
    clearInterval(ticker);

    for (const { res, body } of results) {
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.profileImageUrl).toMatch(/^\/uploads\/profile-images\/[0-9a-f-]+\.jpg$/);
    }
    const summary = JSON.stringify({ decodeMs, longestPause, healthChecks });
    expect(healthChecks.every((h) => h.status === 200)).toBe(true);
    // several health checks were answered while the first upload was still being decoded
    expect(healthChecks.filter((h) => h.at < firstUploadDone).length, summary).toBeGreaterThanOrEqual(3);
    // nothing on this thread waited anywhere near as long as one decode takes
    expect(Math.max(...healthChecks.map((h) => h.ms)), summary).toBeLessThan(decodeMs / 2);
    expect(longestPause, summary).toBeLessThan(decodeMs / 2);
  }, 30_000);
});

describe("the image workers' limits answer clearly", () => {
  test("a burst of uploads beyond the workers and their queue: 429 IMAGE_BUSY for the rest, never a 5xx", async () => {
    const { client } = await signedInClient(deps);
    const burst = IMAGE_WORKERS.size + IMAGE_WORKERS.maxQueued + 4;
    const picture = blackBitmapPng(2500, 2500);
    const results = await Promise.all(Array.from({ length: burst }, () => postProfileImage(client, picture, "p.png", "image/png")));
    const statuses = results.map((r) => r.res.status);
    expect(statuses.every((s) => s === 200 || s === 429), JSON.stringify(statuses)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(IMAGE_WORKERS.size + IMAGE_WORKERS.maxQueued);
    const refused = results.filter((r) => r.res.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: "IMAGE_BUSY", message: expect.stringContaining("Too many pictures") });
  }, 30_000);

  test("the upload's bytes move to the worker; a view into a larger buffer is copied", async () => {
    const pool = createImagePool({ size: 1 });
    try {
      const bytes = smallPicture();
      expect(readImageHeader(await profileImageJpeg(bytes, pool))).toMatchObject({ width: 640, height: 640 });
      expect(bytes.byteLength).toBe(0); // detached: handed over, not copied

      const picture = smallPicture();
      const framed = new Uint8Array(picture.length + 16);
      framed.set(picture, 8);
      const view = framed.subarray(8, 8 + picture.length);
      expect(readImageHeader(await profileImageJpeg(view, pool))).toMatchObject({ width: 640, height: 640 });
      expect(framed.byteLength).toBe(picture.length + 16); // the caller's larger buffer is untouched
    } finally {
      pool.close();
    }
  });

  test("more uploads than workers and waiting places: IMAGE_BUSY at once, the others still succeed", async () => {
    const pool = createImagePool({ size: 1, maxQueued: 1 });
    try {
      const accepted = [profileImageJpeg(bigPicture(), pool), profileImageJpeg(smallPicture(), pool)];
      const e = await refusal(profileImageJpeg(smallPicture(), pool));
      expect(e.code).toBe("IMAGE_BUSY");
      expect(e.message).toContain("Too many pictures");
      for (const jpeg of await Promise.all(accepted)) expect(readImageHeader(jpeg)).toMatchObject({ width: 640, height: 640 });
    } finally {
      pool.close();
    }
  }, 20_000);

  test("a decode that takes too long is stopped: IMAGE_TIMEOUT, and its worker is gone", async () => {
    const pool = createImagePool({ size: 1, timeoutMs: 5 });
    try {
      const e = await refusal(profileImageJpeg(bigPicture(), pool));
      expect(e.code).toBe("IMAGE_TIMEOUT");
      expect(pool.workers).toBe(0);
    } finally {
      pool.close();
    }
  });

  test("a worker that dies under a picture answers IMAGE_FORMAT, like a decoder panic", async () => {
    // The pool's test worker exits on any task it does not know, as a crashing decoder would.
    const pool = new WorkerPool<ImageTask, ArrayBuffer>({
      script: new URL("../testing/fixture-worker.ts", import.meta.url),
      size: 1,
      maxQueued: 1,
      timeoutMs: 10_000,
    });
    try {
      expect((await refusal(profileImageJpeg(smallPicture(), pool))).code).toBe("IMAGE_FORMAT");
    } finally {
      pool.close();
    }
  });
});
