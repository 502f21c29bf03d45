import { afterAll, describe, expect, test } from "bun:test";
import { hashPassword, setPasswordHashCost, verifyPassword } from "./password";

describe("password hashing", () => {
  afterAll(() => setPasswordHashCost("test"));

  test("argon2id at the standard cost (64 MiB, 2 passes) and at the test cost; either hash keeps verifying after a switch", async () => {
    setPasswordHashCost("standard");
    const standard = await hashPassword("geheim-123");
    expect(standard).toStartWith("$argon2id$v=19$m=65536,t=2,p=1$");
    setPasswordHashCost("test");
    const cheap = await hashPassword("geheim-123");
    expect(cheap).toStartWith("$argon2id$v=19$m=1024,t=1,p=1$");
    // a check reads the cost from the stored hash
    expect(await verifyPassword("geheim-123", standard)).toBe(true);
    expect(await verifyPassword("geheim-124", standard)).toBe(false);
    expect(await verifyPassword("geheim-123", cheap)).toBe(true);
    // no stored hash: false, after one verification all the same
    expect(await verifyPassword("geheim-123", null)).toBe(false);
  });
});
