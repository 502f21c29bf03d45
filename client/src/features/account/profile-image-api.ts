import { CSRF_COOKIE, CSRF_HEADER } from "@shared/constants";
import { isErrorCode, type ErrorCode } from "@shared/errors";
import { readCookie } from "@client/lib/cookies";

/** Spec 001 sections 5 and 9: jpg, jpeg or png, at most 1 MB, 640x640. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;
export const PROFILE_IMAGE_SIZE = 640;
const ALLOWED_TYPES = new Set(["image/jpeg", "image/png"]);
const ALLOWED_NAME = /\.(jpe?g|png)$/i;

/** An answer of /api/profile-image with one of the codes of shared/errors.ts. */
export class ProfileImageError extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

/** Checks a chosen file before it is even opened; returns the error code or null. */
export function profileImageFileProblem(file: { type: string; name: string }): ErrorCode | null {
  // Some systems give no type for a .jpg; the name decides then. The server checks the bytes.
  const typeOk = file.type ? ALLOWED_TYPES.has(file.type) : ALLOWED_NAME.test(file.name);
  return typeOk ? null : "IMAGE_FORMAT";
}

/** The prepared upload must be a JPEG of at most 1 MB. */
export function uploadProblem(blob: { type: string; size: number }): ErrorCode | null {
  if (!ALLOWED_TYPES.has(blob.type)) return "IMAGE_FORMAT";
  if (blob.size > PROFILE_IMAGE_MAX_BYTES) return "IMAGE_TOO_LARGE";
  return null;
}

async function csrfHeaders(): Promise<Record<string, string>> {
  let token = readCookie(CSRF_COOKIE);
  if (!token) {
    await fetch("/api/csrf", { credentials: "same-origin" }).catch(() => null);
    token = readCookie(CSRF_COOKIE);
  }
  return token ? { [CSRF_HEADER]: token } : {};
}

async function call(method: "POST" | "DELETE", body?: FormData): Promise<{ profileImageUrl: string | null }> {
  const response = await fetch("/api/profile-image", { method, body, headers: await csrfHeaders(), credentials: "same-origin" });
  const data = (await response.json().catch(() => null)) as { profileImageUrl?: string | null; error?: { code?: unknown } } | null;
  if (!response.ok || !data || data.error) {
    const code = data?.error?.code;
    throw new ProfileImageError(isErrorCode(code) ? code : "UNEXPECTED");
  }
  return { profileImageUrl: data.profileImageUrl ?? null };
}

export async function uploadProfileImage(blob: Blob): Promise<{ profileImageUrl: string | null }> {
  const problem = uploadProblem(blob);
  if (problem) throw new ProfileImageError(problem);
  const form = new FormData();
  form.append("profileImage", blob, "profile.jpg");
  return call("POST", form);
}

export function deleteProfileImage(): Promise<{ profileImageUrl: string | null }> {
  return call("DELETE");
}
