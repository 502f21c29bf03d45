import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { profileImageJpeg } from "../../integrations/images";
import { newKey, storageFor, type Storage } from "../../integrations/storage";
import { AppError } from "../../lib/errors";
import * as repo from "./repo";
import { requireViewer } from "../auth/viewer";

/**
 * Profile pictures (spec 001 sections 2.5, 5, 8): the upload is checked and re-encoded
 * (server/integrations/images.ts), stored under a new random name, and only then put on the user.
 * Nothing is half-stored: a failed database update removes the new file; the old file is removed
 * only after the new URL is committed. Both transports (POST /api/profile-image, GraphQL
 * uploadProfileImage) call these functions. `bytes` are handed to the image worker (moved, not
 * copied): the caller must not use them afterwards.
 */
export type UploadedFile = { bytes: Uint8Array; name?: string; type?: string };

const FOLDER = "profile-images";

export async function uploadProfileImage(ctx: Ctx, file: UploadedFile): Promise<{ profileImageUrl: string }> {
  const viewer = requireViewer(ctx);
  // The name and the declared type are the client's word; the bytes decide (images.ts). The
  // decoding runs in an image worker, so this await never holds up other requests.
  const jpeg = await profileImageJpeg(file.bytes);
  const storage = storageFor(ctx.deps.config);
  const key = newKey(FOLDER, "jpg");
  const profileImageUrl = storage.urlOf(key);
  await storage.put(key, jpeg, "image/jpeg");
  let previous: string | null;
  try {
    previous = await replaceProfileImageUrl(ctx.deps.db, viewer.userId, profileImageUrl, ctx.deps.clock.now());
  } catch (e) {
    await removeQuietly(ctx, storage, key);
    throw e;
  }
  await removeOld(ctx, storage, previous);
  return { profileImageUrl };
}

export async function deleteProfileImage(ctx: Ctx): Promise<{ profileImageUrl: null }> {
  const viewer = requireViewer(ctx);
  const storage = storageFor(ctx.deps.config);
  const previous = await replaceProfileImageUrl(ctx.deps.db, viewer.userId, null, ctx.deps.clock.now());
  await removeOld(ctx, storage, previous);
  return { profileImageUrl: null };
}

/**
 * For flows that remove the URL themselves (account deletion): deletes the stored file behind it,
 * after the database change is committed. URLs that are not ours are ignored.
 */
export async function discardProfileImageFile(ctx: Ctx, url: string | null): Promise<void> {
  await removeOld(ctx, storageFor(ctx.deps.config), url);
}

/**
 * Sets the user's picture URL and returns the one it replaces. The row lock (in the repo) orders two
 * uploads of one user, so each sees the other's file as "previous" and no file is left without an owner.
 */
async function replaceProfileImageUrl(db: DbOrTx, userId: number, url: string | null, now: Date): Promise<string | null> {
  const previous = await repo.replaceProfileImageUrl(db, userId, url, now);
  if (previous === undefined) throw new AppError("UNAUTHENTICATED"); // the session outlived its user
  return previous;
}

/** Deletes the replaced file if it is one of ours; seeded or external URLs are left alone. */
async function removeOld(ctx: Ctx, storage: Storage, previousUrl: string | null): Promise<void> {
  const key = previousUrl ? storage.keyOf(previousUrl) : null;
  if (key?.startsWith(`${FOLDER}/`)) await removeQuietly(ctx, storage, key);
}

/** The user's state is already right; a file that cannot be removed is logged, not the user's problem. */
async function removeQuietly(ctx: Ctx, storage: Storage, key: string): Promise<void> {
  try {
    await storage.delete(key);
  } catch (e) {
    ctx.deps.logger.warn("could not remove an uploaded file", { key, error: String(e) });
  }
}
