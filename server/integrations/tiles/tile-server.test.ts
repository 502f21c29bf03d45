import { describe, expect, test } from "bun:test";
import { PhotonImage } from "@silvia-odwyer/photon-node";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import { inflateSync } from "node:zlib";
import { encodePng, PNG_SIGNATURE } from "./png";
import { MAX_TILE_ZOOM, renderTile, TILE_SIZE } from "./render-tile";
import { createTileServer, localMapStyle, parseTile } from "./tile-server";

/** The chunks of a PNG, their CRCs checked with zlib's own CRC-32 (an implementation independent of ours). */
function chunksOf(png: Uint8Array) {
  expect([...png.subarray(0, 8)]).toEqual([...PNG_SIGNATURE]);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(png.subarray(offset + 4, offset + 8));
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(view.getUint32(offset + 8 + length)).toBe(Bun.hash.crc32(png.subarray(offset + 4, offset + 8 + length)));
    chunks.push({ type, data });
    offset += 12 + length;
  }
  return chunks;
}

describe("PNG encoder", () => {
  test("writes a valid truecolour PNG that an independent decoder reads back pixel for pixel", () => {
    const width = 7;
    const height = 5;
    const rgb = new Uint8Array(width * height * 3).map((_, i) => (i * 37 + (i >> 3) * 11) & 0xff);
    const png = encodePng(width, height, rgb);
    const chunks = chunksOf(png);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const header = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset);
    expect([header.getUint32(0), header.getUint32(4), ...chunks[0]!.data.subarray(8)]).toEqual([width, height, 8, 2, 0, 0, 0]);
    expect(inflateSync(chunks[1]!.data).length).toBe((width * 3 + 1) * height);

    const decoded = PhotonImage.new_from_byteslice(png);
    expect([decoded.get_width(), decoded.get_height()]).toEqual([width, height]);
    const rgba = decoded.get_raw_pixels();
    for (let p = 0; p < width * height; p++) {
      expect([rgba[p * 4], rgba[p * 4 + 1], rgba[p * 4 + 2], rgba[p * 4 + 3]]).toEqual([rgb[p * 3], rgb[p * 3 + 1], rgb[p * 3 + 2], 255]);
    }
    decoded.free();
  });

  test("refuses a pixel buffer of the wrong size", () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow();
  });
});

describe("local tiles", () => {
  test("a tile over Berlin is a 256 px PNG that looks like a map: land, roads and parks or water, not one flat colour", () => {
    const png = createTileServer().tile(13, 4401, 2686);
    const decoded = PhotonImage.new_from_byteslice(png);
    expect([decoded.get_width(), decoded.get_height()]).toEqual([TILE_SIZE, TILE_SIZE]);
    const rgba = decoded.get_raw_pixels();
    decoded.free();
    const colours = new Set<number>();
    for (let i = 0; i < rgba.length; i += 4) colours.add((rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!);
    expect(colours.size).toBeGreaterThan(30);
    expect(colours.has((243 << 16) | (241 << 8) | 234)).toBe(true); // land
    expect(colours.has((252 << 16) | (236 << 8) | 178)).toBe(true); // a main road
  });

  test("deterministic, and neighbouring tiles meet without a seam", () => {
    expect(renderTile(14, 8802, 5373)).toEqual(renderTile(14, 8802, 5373));
    const left = renderTile(12, 2200, 1343);
    const right = renderTile(12, 2201, 1343);
    let differing = 0;
    for (let row = 0; row < TILE_SIZE; row++) {
      const a = (row * TILE_SIZE + TILE_SIZE - 1) * 3;
      const b = row * TILE_SIZE * 3;
      if (Math.abs(left[a]! - right[b]!) + Math.abs(left[a + 1]! - right[b + 1]!) + Math.abs(left[a + 2]! - right[b + 2]!) > 60) differing++;
    }
    expect(differing).toBeLessThan(TILE_SIZE / 8);
  });

  test("keeps the latest tiles in memory and forgets the oldest (LRU)", () => {
    const tiles = createTileServer(2);
    const a = tiles.tile(3, 4, 2);
    tiles.tile(3, 4, 3);
    expect(tiles.tile(3, 4, 2)).toBe(a); // a hit, now the most recent
    tiles.tile(3, 5, 3); // evicts 3/4/3
    expect(tiles.cached).toBe(2);
    expect(tiles.tile(3, 4, 2)).toBe(a);
    expect(tiles.tile(3, 4, 3)).not.toBe(a);
  });

  test.each([
    ["0", "0", "0", { z: 0, x: 0, y: 0 }],
    ["19", "524287", "524287", { z: 19, x: 524287, y: 524287 }],
    ["11", "1100", "671", { z: 11, x: 1100, y: 671 }],
    ["1", "2", "0", null], // x past the edge
    ["1", "0", "2", null],
    ["20", "0", "0", null], // beyond the deepest zoom
    ["-1", "0", "0", null],
    ["01", "0", "0", null], // leading zero
    ["1", "+1", "0", null],
    ["1", "1e0", "0", null],
    ["1", "0x1", "0", null],
    ["1", "", "0", null],
    ["1", "1.0", "0", null],
    ["1", " 1", "0", null],
    ["19", "99999999", "0", null],
  ])("parseTile(%p, %p, %p)", (z, x, y, expected) => {
    expect(parseTile(z, x, y)).toEqual(expected);
  });

  test("MAX_TILE_ZOOM is 19 and the deepest corner tile draws", () => {
    expect(MAX_TILE_ZOOM).toBe(19);
    expect(renderTile(19, 524287, 524287).length).toBe(TILE_SIZE * TILE_SIZE * 3);
  });

  test("the local style is a valid MapLibre style (the style spec's own validator)", () => {
    expect(validateStyleMin(localMapStyle() as never)).toEqual([]);
    // ... which does find mistakes: a layer of a source that does not exist.
    const broken = { ...localMapStyle(), layers: [{ id: "x", type: "raster" as const, source: "missing" }] };
    expect(validateStyleMin(broken as never).length).toBeGreaterThan(0);
  });
});
