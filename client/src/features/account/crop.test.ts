import { describe, expect, test } from "bun:test";
import { clampCrop, initialCrop, MAX_ZOOM, panCrop, sourceSquare, zoomCrop } from "./crop";

describe("square crop", () => {
  test("starts centred on the short side", () => {
    const landscape = initialCrop(1200, 800, 300);
    expect(sourceSquare(landscape)).toEqual({ sx: 200, sy: 0, size: 800 });
    const portrait = initialCrop(600, 1000, 300);
    expect(sourceSquare(portrait)).toEqual({ sx: 0, sy: 200, size: 600 });
    const square = initialCrop(640, 640, 320);
    expect(sourceSquare(square)).toEqual({ sx: 0, sy: 0, size: 640 });
  });

  test("panning never uncovers the view", () => {
    const crop = initialCrop(1200, 800, 300);
    expect(sourceSquare(panCrop(crop, 10_000, 0)).sx).toBe(0);
    expect(sourceSquare(panCrop(crop, -10_000, 0)).sx).toBe(400);
    // A landscape picture at zoom 1 cannot move up or down.
    expect(sourceSquare(panCrop(crop, 0, 50)).sy).toBe(0);
  });

  test("zoom keeps the centre and halves the square at 2x", () => {
    const crop = zoomCrop(initialCrop(1200, 800, 300), 2);
    const square = sourceSquare(crop);
    expect(square.size).toBeCloseTo(400);
    expect(square.sx + square.size / 2).toBeCloseTo(600);
    expect(square.sy + square.size / 2).toBeCloseTo(400);
  });

  test("zoom is kept between 1 and the maximum, and zooming out re-covers the view", () => {
    const start = initialCrop(1000, 1000, 250);
    expect(zoomCrop(start, 0.2).zoom).toBe(1);
    expect(zoomCrop(start, 99).zoom).toBe(MAX_ZOOM);
    const movedIn = panCrop(zoomCrop(start, 3), -10_000, -10_000);
    const out = zoomCrop(movedIn, 1);
    expect(sourceSquare(out)).toEqual({ sx: 0, sy: 0, size: 1000 });
  });

  test("a tiny picture still gives a square inside it", () => {
    const crop = clampCrop({ ...initialCrop(40, 30, 300), x: 5, y: 5 });
    const square = sourceSquare(crop);
    expect(square.size).toBe(30);
    expect(square.sx).toBeGreaterThanOrEqual(0);
    expect(square.sx + square.size).toBeLessThanOrEqual(40);
  });
});
