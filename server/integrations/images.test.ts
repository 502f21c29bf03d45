import { describe, expect, test } from "bun:test";
import { AppError } from "../lib/errors";
import { blackBitmapPng, decodeRgba, headerOnlyPng, jpeg, jpegMarkers, rgbaPng, withExif } from "../testing/upload";
import { flattenOntoWhite, orient } from "./image-codec";
import { PROFILE_IMAGE, profileImageJpeg, readImageHeader } from "./images";

async function refusal(bytes: Uint8Array): Promise<AppError> {
  try {
    await profileImageJpeg(bytes);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("the picture was accepted");
}

const leftRedRightBlue = (w: number) => (x: number): [number, number, number] => (x < w / 2 ? [220, 20, 20] : [20, 20, 220]);
const isNear = (actual: number[], expected: number[], tolerance = 24) => expected.every((v, i) => Math.abs(actual[i]! - v) <= tolerance);

describe("reading the header without decoding", () => {
  test("PNG and JPEG by their bytes, with dimensions and orientation", () => {
    expect(readImageHeader(rgbaPng(30, 20, () => [0, 0, 0, 255]))).toMatchObject({ format: "png", width: 30, height: 20, mayHaveAlpha: true });
    const j = jpeg(48, 32, leftRedRightBlue(48));
    expect(readImageHeader(j)).toMatchObject({ format: "jpeg", width: 48, height: 32, orientation: 1 });
    expect(readImageHeader(withExif(j, { orientation: 6, marker: "x" }))).toMatchObject({ width: 48, height: 32, orientation: 6 });
    expect(readImageHeader(headerOnlyPng(100_000, 100_000))).toMatchObject({ width: 100_000, height: 100_000 });
  });

  test.each([
    ["text", new TextEncoder().encode("<html><script>alert(1)</script></html>")],
    ["GIF", new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;")],
    ["WebP", new TextEncoder().encode("RIFF\x1a\x00\x00\x00WEBPVP8 ")],
    ["nothing", new Uint8Array()],
    ["a PNG signature only", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["a JPEG start only", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00])],
  ])("%s is neither", (_name, bytes) => {
    expect(readImageHeader(bytes)).toBeNull();
  });
});

describe("refused uploads", () => {
  test("wrong bytes behind a .jpg name: IMAGE_FORMAT with the old 'format' wording", async () => {
    const e = await refusal(new TextEncoder().encode("this is not a picture, whatever the name says"));
    expect(e.code).toBe("IMAGE_FORMAT");
    expect(e.message).toContain("format");
  });

  test("a file over 1 MB: IMAGE_TOO_LARGE with the old 'File size' wording, before anything is read", async () => {
    const big = new Uint8Array(PROFILE_IMAGE.maxBytes + 1);
    big.set(rgbaPng(10, 10, () => [0, 0, 0, 255]));
    const e = await refusal(big);
    expect(e.code).toBe("IMAGE_TOO_LARGE");
    expect(e.message).toContain("File size");
    // exactly 1 MB is still allowed past the size check (and then fails as the garbage it is)
    const atLimit = new Uint8Array(PROFILE_IMAGE.maxBytes);
    expect((await refusal(atLimit)).code).toBe("IMAGE_FORMAT");
  });

  test("a decompression bomb is refused by its header, before decoding", async () => {
    // 20 000 x 20 000 pixels (1.6 GB as RGBA) in a real, decodable file of a few kB
    const bomb = blackBitmapPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    // The refusal carries the header's dimensions: it came from the header check, not from a decoder
    // (speed is for benchmarks, never a timed assertion).
    const e = await refusal(bomb);
    expect(e.code).toBe("IMAGE_DIMENSIONS");
    expect(e.details).toMatchObject({ width: 20_000, height: 20_000 });
    // within the side limit but over the pixel limit; and a header with no pixel data at all
    expect((await refusal(blackBitmapPng(8000, 8000))).code).toBe("IMAGE_DIMENSIONS");
    expect((await refusal(headerOnlyPng(100_000, 1))).code).toBe("IMAGE_DIMENSIONS");
    expect((await refusal(headerOnlyPng(0, 10))).code).toBe("IMAGE_FORMAT");
  });

  test("a broken file past a valid header is IMAGE_FORMAT, and the next picture still works", async () => {
    const good = rgbaPng(64, 48, () => [10, 200, 10, 255]);
    const truncated = good.subarray(0, 60);
    expect((await refusal(truncated)).code).toBe("IMAGE_FORMAT");
    const corrupt = withExif(jpeg(64, 48, leftRedRightBlue(64)), { orientation: 1, marker: "x" }).subarray(0, 400);
    expect((await refusal(corrupt)).code).toBe("IMAGE_FORMAT");
    const out = await profileImageJpeg(good);
    expect(readImageHeader(out)).toMatchObject({ format: "jpeg", width: 640, height: 640 });
  });
});

describe("accepted uploads become a 640x640 JPEG", () => {
  test("a PNG with an alpha channel: transparency on white, no dark fringe", async () => {
    // 800x600: left half fully transparent (hidden colour black), right half opaque blue,
    // and a half-transparent red band at the top
    const png = rgbaPng(800, 600, (x, y) => (y < 60 ? [255, 0, 0, 128] : x < 400 ? [0, 0, 0, 0] : [0, 0, 255, 255]));
    const out = await profileImageJpeg(png);
    expect(readImageHeader(out)).toMatchObject({ format: "jpeg", width: 640, height: 640 });
    const img = decodeRgba(out);
    expect([img.width, img.height]).toEqual([640, 640]);
    // centre crop x 100..700 scaled by 640/600: the transparent half ends near x = 320
    expect(isNear(img.pixel(100, 320), [255, 255, 255, 255])).toBe(true);
    expect(isNear(img.pixel(540, 320), [0, 0, 255, 255])).toBe(true);
    expect(isNear(img.pixel(100, 20), [255, 128, 128, 255])).toBe(true);
    // across the edge the blue channel stays high: nothing of the hidden black bleeds in
    for (let x = 300; x < 340; x++) expect(img.pixel(x, 320)[2]).toBeGreaterThan(225);
  });

  test("an EXIF JPEG: metadata gone, orientation applied", async () => {
    const marker = "SECRET-EXIF-MARKER-52.5200N";
    const source = withExif(jpeg(600, 400, leftRedRightBlue(600)), { orientation: 3, marker });
    expect(Buffer.from(source).includes(marker)).toBe(true);
    const out = await profileImageJpeg(source);
    expect(Buffer.from(out).includes(marker)).toBe(false);
    expect(Buffer.from(out).includes("Exif")).toBe(false);
    expect(Buffer.from(out).includes("KickrundePhone")).toBe(false);
    expect(jpegMarkers(out).filter((m) => m >= 0xe1 && m <= 0xef)).toEqual([]); // no APP1-APP15
    expect(readImageHeader(out)).toMatchObject({ format: "jpeg", width: 640, height: 640, orientation: 1 });
    // orientation 3 (upside down): the red left half is shown on the right
    const img = decodeRgba(out);
    expect(isNear(img.pixel(100, 320), [20, 20, 220, 255], 40)).toBe(true);
    expect(isNear(img.pixel(540, 320), [220, 20, 20, 255], 40)).toBe(true);
  });

  test("a portrait phone photo stored sideways (orientation 6) is accepted and turned", async () => {
    // stored 600x400 with red on the left; shown turned 90° clockwise, red is at the top
    const source = withExif(jpeg(600, 400, leftRedRightBlue(600)), { orientation: 6, marker: "m" });
    const img = decodeRgba(await profileImageJpeg(source));
    expect(isNear(img.pixel(320, 100), [220, 20, 20, 255], 40)).toBe(true);
    expect(isNear(img.pixel(320, 540), [20, 20, 220, 255], 40)).toBe(true);
  });

  test("small and large pictures are scaled to 640x640, also one exactly at the 25-megapixel limit", async () => {
    expect(readImageHeader(await profileImageJpeg(rgbaPng(40, 90, () => [1, 2, 3, 255])))).toMatchObject({ width: 640, height: 640 });
    const out = await profileImageJpeg(blackBitmapPng(5000, 5000)); // exactly at the 25-megapixel limit
    expect(readImageHeader(out)).toMatchObject({ width: 640, height: 640 });
  });
});

describe("pixel helpers", () => {
  test("flattenOntoWhite blends by alpha and reports whether anything changed", () => {
    const px = new Uint8Array([0, 0, 0, 0, 255, 0, 0, 128, 10, 20, 30, 255]);
    expect(flattenOntoWhite(px)).toBe(true);
    expect([...px]).toEqual([255, 255, 255, 255, 255, 127, 127, 255, 10, 20, 30, 255]);
    expect(flattenOntoWhite(px)).toBe(false);
  });

  test("orient turns a 2x2 square per EXIF orientation", () => {
    // pixels a b / c d, one channel used as the label
    const square = new Uint8Array([1, 0, 0, 255, 2, 0, 0, 255, 3, 0, 0, 255, 4, 0, 0, 255]);
    const labels = (o: number) => [...orient(square, 2, o)].filter((_, i) => i % 4 === 0);
    expect(labels(1)).toEqual([1, 2, 3, 4]);
    expect(labels(2)).toEqual([2, 1, 4, 3]);
    expect(labels(3)).toEqual([4, 3, 2, 1]);
    expect(labels(4)).toEqual([3, 4, 1, 2]);
    expect(labels(5)).toEqual([1, 3, 2, 4]);
    expect(labels(6)).toEqual([3, 1, 4, 2]);
    expect(labels(7)).toEqual([4, 2, 3, 1]);
    expect(labels(8)).toEqual([2, 4, 1, 3]);
  });
});
