import type { ErrorCode } from "@shared/errors";
import { ImageUploadError, imageTypeProblem, sendImage } from "@client/lib/image-upload";

/** Spec 001 sections 5 and 9: jpg, jpeg or png, at most 1 MB, 640x640. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;
export const PROFILE_IMAGE_SIZE = 640;
const ALLOWED_TYPES = new Set(["image/jpeg", "image/png"]);

/** An answer of /api/profile-image with one of the codes of shared/errors.ts (the shared upload error). */
export const ProfileImageError = ImageUploadError;

/** Checks a chosen file before it is even opened; returns the error code or null. */
export function profileImageFileProblem(file: { type: string; name: string }): ErrorCode | null {
  return imageTypeProblem(file);
}

/** The prepared upload must be a JPEG of at most 1 MB. */
export function uploadProblem(blob: { type: string; size: number }): ErrorCode | null {
  if (!ALLOWED_TYPES.has(blob.type)) return "IMAGE_FORMAT";
  if (blob.size > PROFILE_IMAGE_MAX_BYTES) return "IMAGE_TOO_LARGE";
  return null;
}

async function call(method: "POST" | "DELETE", body?: FormData): Promise<{ profileImageUrl: string | null }> {
  const data = await sendImage<{ profileImageUrl?: string | null }>("/api/profile-image", method, body);
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
