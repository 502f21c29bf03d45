import { describe, expect, test } from "bun:test";
import { PROFILE_IMAGE_MAX_BYTES, profileImageFileProblem, uploadProblem } from "./profile-image-api";

describe("profile image checks before upload (spec 001 section 5)", () => {
  test.each([
    [{ type: "image/jpeg", name: "a.jpg" }, null],
    [{ type: "image/png", name: "a.png" }, null],
    [{ type: "", name: "Foto.JPEG" }, null],
    [{ type: "image/gif", name: "a.gif" }, "IMAGE_FORMAT"],
    [{ type: "image/heic", name: "a.heic" }, "IMAGE_FORMAT"],
    [{ type: "", name: "notes.txt" }, "IMAGE_FORMAT"],
  ])("%o -> %s", (file, expected) => {
    expect(profileImageFileProblem(file)).toBe(expected as never);
  });

  test("the prepared JPEG may have at most 1 MB", () => {
    expect(uploadProblem({ type: "image/jpeg", size: PROFILE_IMAGE_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ type: "image/jpeg", size: PROFILE_IMAGE_MAX_BYTES + 1 })).toBe("IMAGE_TOO_LARGE");
    expect(uploadProblem({ type: "image/webp", size: 10 })).toBe("IMAGE_FORMAT");
  });
});
