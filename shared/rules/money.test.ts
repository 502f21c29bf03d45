import { describe, expect, test } from "bun:test";
import { formatMoney, type MoneyStyle } from "./money";

// Intl puts a no-break space between the amount and the sign in German.
const NBSP = "\u00a0";

describe("formatMoney", () => {
  test.each([
    [0, "de", "full", `0,00${NBSP}€`],
    [0, "en", "full", "€0.00"],
    [1, "de", "full", `0,01${NBSP}€`],
    [450, "de", "full", `4,50${NBSP}€`],
    [450, "en", "full", "€4.50"],
    [500, "de", "full", `5,00${NBSP}€`],
    [500, "en", "full", "€5.00"],
    [123456, "de", "full", `1.234,56${NBSP}€`],
    [123456, "en", "full", "€1,234.56"],
    [-250, "de", "full", `-2,50${NBSP}€`],
    [-250, "en", "full", "-€2.50"],
    [500, "de", "compact", `5${NBSP}€`],
    [500, "en", "compact", "€5"],
    [450, "de", "compact", `4,50${NBSP}€`],
    [450, "en", "compact", "€4.50"],
    [0, "de", "compact", `0${NBSP}€`],
    [550, "de", "plain", "5,50"],
    [550, "en", "plain", "5.50"],
    [500, "de", "plain", "5,00"],
    [123450, "de", "plain", "1234,50"],
    [123450, "en", "plain", "1234.50"],
    [0, "en", "plain", "0.00"],
  ] as const)("%d cents in %s, %s -> %p", (cents, language, style, expected) => {
    expect(formatMoney(cents, language, style as MoneyStyle)).toBe(expected);
  });

  test("full is the default style", () => {
    expect(formatMoney(250, "de")).toBe(formatMoney(250, "de", "full"));
  });

  test.each([[4.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])("%p cents are refused", (cents) => {
    expect(() => formatMoney(cents, "de")).toThrow(RangeError);
  });
});
