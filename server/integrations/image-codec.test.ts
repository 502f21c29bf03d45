import { describe, expect, test } from "bun:test";
import { orient, orientRect } from "./image-codec";

/** A 3x2 picture whose pixels are A..F in their red channel: row 0 A B C, row 1 D E F. */
const picture = () => new Uint8Array([..."ABCDEF"].flatMap((ch) => [ch.charCodeAt(0), 0, 0, 255]));
const letters = (rgba: Uint8Array, width: number) =>
  Array.from({ length: rgba.length / 4 / width }, (_, y) => Array.from({ length: width }, (_, x) => String.fromCharCode(rgba[(y * width + x) * 4]!)).join(""));

describe("orientRect: EXIF orientation of a non-square picture (court images, 1.6)", () => {
  test.each([
    [1, 3, ["ABC", "DEF"]],
    [2, 3, ["CBA", "FED"]],
    [3, 3, ["FED", "CBA"]],
    [4, 3, ["DEF", "ABC"]],
    [5, 2, ["AD", "BE", "CF"]],
    [6, 2, ["DA", "EB", "FC"]],
    [7, 2, ["FC", "EB", "DA"]],
    [8, 2, ["CF", "BE", "AD"]],
  ])("orientation %i", (orientation, width, rows) => {
    expect(letters(orientRect(picture(), 3, 2, orientation), width)).toEqual(rows);
  });

  test("orient (square) is orientRect with equal sides", () => {
    const sq = new Uint8Array([..."ABCD"].flatMap((ch) => [ch.charCodeAt(0), 0, 0, 255]));
    for (let o = 1; o <= 8; o++) expect(orient(sq, 2, o)).toEqual(orientRect(sq, 2, 2, o));
  });
});
