import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Google tokens at rest (google_credentials): AES-256-GCM with a random 96-bit nonce per value,
 * written `v1.<nonce>.<ciphertext>.<tag>` in base64url. The user id is the associated data, so a
 * token copied into another user's row does not decrypt.
 */
export type TokenCipher = {
  encrypt(plain: string, userId: number): string;
  /** null when the value was not made with this key (another key, another user, tampered) */
  decrypt(sealed: string, userId: number): string | null;
};

const VERSION = "v1";

export function tokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error("the token key must be 32 bytes");
  return {
    encrypt(plain, userId) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(`user:${userId}`));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, nonce.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    decrypt(sealed, userId) {
      const [version, nonce, body, tag] = sealed.split(".");
      if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
        decipher.setAAD(Buffer.from(`user:${userId}`));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/**
 * The key: GOOGLE_TOKEN_KEY, or (outside production only; config.ts refuses production without it)
 * one generated on first use and kept in `file` (DATA_DIR/google-token-key, mode 0600). There is no
 * key-value table for it in the database yet (README.md here): server processes sharing one
 * database must then share DATA_DIR too, or set GOOGLE_TOKEN_KEY.
 */
export function resolveTokenKey(configured: Buffer | null, file: string): Buffer {
  if (configured) return configured;
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length === 32) return key;
  }
  const key = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
