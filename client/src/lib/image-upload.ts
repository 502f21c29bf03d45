import { CSRF_COOKIE, CSRF_HEADER } from "@shared/constants";
import { isErrorCode, type ErrorCode } from "@shared/errors";
import { readCookie } from "./cookies";

/**
 * Image uploads of the web client (spec 001 sections 5 and 8): profile picture, court image and
 * organisation logo all take jpg, jpeg or png of at most 1 MB and answer `{ error: { code } }` on refusal.
 * The browser checks type and size first so the user hears at once; the server checks the bytes again.
 */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
const ALLOWED_TYPES = new Set(["image/jpeg", "image/png"]);
const ALLOWED_NAME = /\.(jpe?g|png)$/i;

/** A refused upload with one of the codes of shared/errors.ts (IMAGE_TOO_LARGE, IMAGE_FORMAT, ...). */
export class ImageUploadError extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
    this.name = "ImageUploadError";
  }
}

/** The type of a chosen file: some systems give none for a .jpg, then the name decides. */
export function imageTypeProblem(file: { type: string; name: string }): ErrorCode | null {
  const typeOk = file.type ? ALLOWED_TYPES.has(file.type) : ALLOWED_NAME.test(file.name);
  return typeOk ? null : "IMAGE_FORMAT";
}

/** Type first, then size (`maxBytes`, spec 001 section 9). */
export function imageFileProblem(file: { type: string; name: string; size: number }, maxBytes: number): ErrorCode | null {
  return imageTypeProblem(file) ?? (file.size > maxBytes ? "IMAGE_TOO_LARGE" : null);
}

async function csrfHeaders(): Promise<Record<string, string>> {
  let token = readCookie(CSRF_COOKIE);
  if (!token) {
    await fetch("/api/csrf", { credentials: "same-origin" }).catch(() => null);
    token = readCookie(CSRF_COOKIE);
  }
  return token ? { [CSRF_HEADER]: token } : {};
}

/** Sends (POST, with `body`) or deletes an image at `url`; returns the JSON answer or throws ImageUploadError. */
export async function sendImage<T extends object>(url: string, method: "POST" | "DELETE", body?: FormData): Promise<T> {
  const response = await fetch(url, { method, body, headers: await csrfHeaders(), credentials: "same-origin" }).catch(() => null);
  if (!response) throw new ImageUploadError("UNEXPECTED");
  const data = (await response.json().catch(() => null)) as (T & { error?: { code?: unknown } }) | null;
  if (!response.ok || !data || data.error) {
    const code = data?.error?.code;
    throw new ImageUploadError(isErrorCode(code) ? code : "UNEXPECTED");
  }
  return data;
}

/** Uploads `file` as multipart field `field` to `url` after the client-side checks; answers `{ imageUrl }`. */
export async function uploadImage(url: string, field: string, file: File | Blob, maxBytes: number): Promise<{ imageUrl: string }> {
  const name = file instanceof File ? file.name : "image.jpg";
  const problem = imageFileProblem({ type: file.type, name, size: file.size }, maxBytes);
  if (problem) throw new ImageUploadError(problem);
  const form = new FormData();
  form.append(field, file, name);
  const answer = await sendImage<{ imageUrl?: unknown }>(url, "POST", form);
  if (typeof answer.imageUrl !== "string") throw new ImageUploadError("UNEXPECTED");
  return { imageUrl: answer.imageUrl };
}
