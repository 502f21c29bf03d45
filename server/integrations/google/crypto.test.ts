import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveTokenKey, tokenCipher } from "./crypto";

describe("token encryption (AES-256-GCM)", () => {
  const cipher = tokenCipher(randomBytes(32));

  test("round trip; a new nonce each time; the plain token nowhere in the sealed value", () => {
    const a = cipher.encrypt("1//refresh-token", 7);
    const b = cipher.encrypt("1//refresh-token", 7);
    expect(a).not.toBe(b);
    expect(a).toStartWith("v1.");
    expect(a).not.toContain("refresh");
    expect(cipher.decrypt(a, 7)).toBe("1//refresh-token");
    expect(cipher.decrypt(b, 7)).toBe("1//refresh-token");
  });

  test("another user, another key, a changed byte or garbage: null, never a wrong token", () => {
    const sealed = cipher.encrypt("ya29.access", 1);
    expect(cipher.decrypt(sealed, 2)).toBeNull();
    expect(tokenCipher(randomBytes(32)).decrypt(sealed, 1)).toBeNull();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[2]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(cipher.decrypt([parts[0], parts[1], body.toString("base64url"), parts[3]].join("."), 1)).toBeNull();
    for (const junk of ["", "v1", "v1.a.b", "v2.a.b.c", "v1.!!.??.--"]) expect(cipher.decrypt(junk, 1)).toBeNull();
  });

  test("a key must be 32 bytes", () => {
    expect(() => tokenCipher(randomBytes(16))).toThrow();
  });

  test("without a configured key one is generated once into the file (0600) and read again", () => {
    const file = join(mkdtempSync(join(tmpdir(), "kr-google-key-")), "sub", "google-token-key");
    const first = resolveTokenKey(null, file);
    expect(first.length).toBe(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveTokenKey(null, file).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64").equals(first)).toBe(true);
    const configured = randomBytes(32);
    expect(resolveTokenKey(configured, file).equals(configured)).toBe(true);
  });
});
