import type { Deps } from "../context";
import { AppError } from "../lib/errors";
import { newKey, storageFor, type Storage } from "./storage";

/**
 * Stores a checked, re-encoded JPEG under a new random name and hands its URL to `replace`, which puts it
 * on its row (under a row lock) and returns the URL it replaced (undefined: the row is gone, `missing` is
 * thrown). Nothing is half-stored: a failed update removes the new file; the replaced file is removed
 * only after the new URL is committed, and only when it is one of ours in `folder` (seeded or external
 * URLs stay). The pattern of users/profile-image.ts, for court images and organisation logos.
 */
export async function storeReplacingImage(
  deps: Pick<Deps, "config" | "logger">,
  folder: string,
  jpeg: Uint8Array,
  replace: (url: string) => Promise<string | null | undefined>,
  missing: () => AppError,
): Promise<string> {
  const storage = storageFor(deps.config);
  const key = newKey(folder, "jpg");
  const url = storage.urlOf(key);
  await storage.put(key, jpeg, "image/jpeg");
  let previous: string | null | undefined;
  try {
    previous = await replace(url);
  } catch (e) {
    await removeQuietly(deps, storage, key);
    throw e;
  }
  if (previous === undefined) {
    await removeQuietly(deps, storage, key);
    throw missing();
  }
  const oldKey = previous ? storage.keyOf(previous) : null;
  if (oldKey?.startsWith(`${folder}/`)) await removeQuietly(deps, storage, oldKey);
  return url;
}

/** The row's state is already right; a file that cannot be removed is logged, not the user's problem. */
async function removeQuietly(deps: Pick<Deps, "logger">, storage: Storage, key: string): Promise<void> {
  try {
    await storage.delete(key);
  } catch (e) {
    deps.logger.warn("could not remove an uploaded file", { key, error: String(e) });
  }
}
