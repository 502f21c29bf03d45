import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { S3Client } from "bun";
import type { Config, StorageConfig } from "../config";
import { contentTypeOf } from "../http/static";

/**
 * The one place uploaded files live: a local directory (`DATA_DIR/uploads`, the default) or an
 * S3-compatible bucket through Bun's built-in S3 client (S3_BUCKET and friends, see server/config.ts).
 * Keys are our own, e.g. `profile-images/<uuid>.jpg`; nothing a user typed ever becomes a path.
 * Files are served by `GET /uploads/<key>` (server/http/uploads.ts) unless UPLOADS_PUBLIC_URL points
 * browsers elsewhere (a CDN or the bucket itself).
 */
export type Storage = {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser fetches the file from. */
  urlOf(key: string): string;
  /** The key behind a URL this storage handed out (also under an earlier public address), else null. */
  keyOf(url: string): string | null;
};

export type StoredFile = { body: Blob | ReadableStream<Uint8Array>; contentType: string; size: number | null };

/** Lower-case names and folders, one extension: no dots, slashes or anything a path could abuse. */
const KEY_RE = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,5}$/;

export function isValidKey(key: string): boolean {
  return key.length <= 200 && KEY_RE.test(key);
}

function checkKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Folders whose files are private: never served by `GET /uploads/<key>`, only by their own access-checked route
 * (business tournaments' invoices: server/http/tournament-invoices.ts; organisers' invoices: server/http/organizer-invoices.ts). A bucket with a public address
 * (UPLOADS_PUBLIC_URL) must keep these folders private by its own policy.
 */
export const PRIVATE_FOLDERS = ["tournament-invoices", "organizer-invoices"] as const;

export function isPrivateKey(key: string): boolean {
  return PRIVATE_FOLDERS.some((folder) => key.startsWith(`${folder}/`));
}

/** A fresh random key in a folder, e.g. `newKey("profile-images", "jpg")`. */
export function newKey(folder: string, ext: string): string {
  const key = `${folder}/${crypto.randomUUID()}.${ext}`;
  checkKey(key);
  return key;
}

function keyFromUrl(url: string, publicUrl: string): string | null {
  // Our own keys are recognised by their shape at the end of the URL, so files stored before a change
  // of UPLOADS_PUBLIC_URL can still be deleted; other URLs (seeded or external images) are left alone.
  const path = url.startsWith(publicUrl + "/") ? url.slice(publicUrl.length + 1) : url.match(/\/uploads\/(.+)$/)?.[1];
  return path && isValidKey(path) ? path : null;
}

function localStorage(cfg: Extract<StorageConfig, { kind: "local" }>): Storage {
  const root = resolve(cfg.dir);
  const pathOf = (key: string) => {
    checkKey(key);
    return join(root, key);
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const target = pathOf(key);
      mkdirSync(join(target, ".."), { recursive: true });
      // Written beside the target and renamed: a reader never sees half a file.
      const tmp = `${target}.${crypto.randomUUID()}.part`;
      try {
        writeFileSync(tmp, bytes);
        renameSync(tmp, target);
      } catch (e) {
        rmSync(tmp, { force: true });
        throw e;
      }
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const file = Bun.file(pathOf(key));
      if (!(await file.exists())) return null;
      return { body: file, contentType: contentTypeOf(key), size: file.size };
    },
    async delete(key) {
      rmSync(pathOf(key), { force: true });
    },
    urlOf: (key) => `${cfg.publicUrl}/${key}`,
    keyOf: (url) => keyFromUrl(url, cfg.publicUrl),
  };
}

function s3Storage(cfg: Extract<StorageConfig, { kind: "s3" }>): Storage {
  const client = new S3Client({
    bucket: cfg.bucket,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    ...(cfg.region ? { region: cfg.region } : {}),
    ...(cfg.accessKeyId ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : {}),
  });
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      checkKey(key);
      await client.write(key, bytes, { type: contentType });
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const file = client.file(key);
      // One request: a missing object answers 404 (NoSuchKey), which means "no file".
      try {
        const stat = await file.stat();
        return { body: file.stream(), contentType: stat.type || contentTypeOf(key), size: stat.size };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      checkKey(key);
      try {
        await client.delete(key);
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    },
    urlOf: (key) => `${cfg.publicUrl}/${key}`,
    keyOf: (url) => keyFromUrl(url, cfg.publicUrl),
  };
}

function isNotFound(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "NoSuchKey" || code === "NotFound" || /\b404\b|NoSuchKey|not found/i.test(String(e));
}

export function createStorage(cfg: StorageConfig): Storage {
  return cfg.kind === "s3" ? s3Storage(cfg) : localStorage(cfg);
}

// One storage per configuration: services reach it through ctx.deps.config without a new Deps field.
const byConfig = new WeakMap<Config, Storage>();
export function storageFor(config: Config): Storage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = createStorage(config.storage);
    byConfig.set(config, storage);
  }
  return storage;
}
