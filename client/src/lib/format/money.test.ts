import { expect, test } from "bun:test";
import { formatPrice } from "./money";

test("price or kostenlos", () => {
  expect(formatPrice(0, "de")).toBe("kostenlos");
  expect(formatPrice(450, "de")).toBe("4,50\u00a0€");
  expect(formatPrice(500, "de", { compact: true })).toBe("5\u00a0€");
});
