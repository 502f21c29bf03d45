import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ConfigError, parseConfig } from "../config";
import type { Ctx, Deps } from "../context";
import { users } from "../db/schema";
import { deleteProfileImage, discardProfileImageFile, uploadProfileImage } from "../domains/users/profile-image";
import { PROFILE_IMAGE, readImageHeader } from "../integrations/images";
import { createStorage } from "../integrations/storage";
import { createUser } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";
import {
  blackBitmapPng,
  depsWithUploadDir,
  graphqlUpload,
  jpeg,
  postProfileImage,
  rgbaPng,
  s3Emulator,
  signedInClient,
  withExif,
} from "../testing/upload";

let base: Deps;
let deps: Deps;
let uploads: ReturnType<typeof depsWithUploadDir>;
beforeAll(async () => {
  base = await testDeps();
  uploads = depsWithUploadDir(base);
  deps = uploads.deps;
});
afterAll(() => uploads.cleanup());

const picture = () => rgbaPng(300, 200, (x) => (x < 150 ? [200, 30, 30, 255] : [30, 30, 200, 255]));
const urlOf = async (userId: number) => (await deps.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId)))[0]!.url;
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

describe("POST /api/profile-image", () => {
  test("stores a 640x640 JPEG under a random name, sets it on the user, serves it with long caching", async () => {
    const { user, client } = await signedInClient(deps);
    const { res, body } = await postProfileImage(client, picture(), "../../etc/passwd.png", "image/png");
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.profileImageUrl).toMatch(/^\/uploads\/profile-images\/[0-9a-f-]{36}\.jpg$/);
    expect(await urlOf(user.id)).toBe(body.profileImageUrl!);
    expect(uploads.files()).toContain(keyOf(body.profileImageUrl!));

    const served = await httpClient(deps).request(body.profileImageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(readImageHeader(new Uint8Array(await served.arrayBuffer()))).toMatchObject({ format: "jpeg", width: 640, height: 640 });

    // the account shows it
    const account = await client.trpc("users.myAccount", undefined, "query");
    expect((account.body.result?.data.json as { profileImageUrl: string }).profileImageUrl).toBe(body.profileImageUrl!);
  });

  test("a new picture replaces the old one and removes its file; delete removes the last", async () => {
    const { user, client } = await signedInClient(deps);
    const first = (await postProfileImage(client, picture())).body.profileImageUrl!;
    const second = (await postProfileImage(client, rgbaPng(64, 64, () => [0, 128, 0, 255]))).body.profileImageUrl!;
    expect(second).not.toBe(first);
    expect(uploads.files()).not.toContain(keyOf(first));
    expect(uploads.files()).toContain(keyOf(second));
    expect((await httpClient(deps).request(first)).status).toBe(404);

    const res = await client.request("/api/profile-image", { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ profileImageUrl: null });
    expect(await urlOf(user.id)).toBeNull();
    expect(uploads.files()).not.toContain(keyOf(second));
    // deleting again is harmless
    expect((await client.request("/api/profile-image", { method: "DELETE" })).status).toBe(200);
  });

  test("a URL that is not ours (seeded or external) is replaced but nothing is deleted for it", async () => {
    const { user, client } = await signedInClient(deps);
    await deps.db.update(users).set({ profileImageUrl: "https://images.example.org/avatar.jpg" }).where(eq(users.id, user.id));
    const before = uploads.files();
    const { body } = await postProfileImage(client, picture());
    expect(uploads.files()).toEqual([...before, keyOf(body.profileImageUrl!)].sort());
  });

  describe("refused uploads leave nothing behind", () => {
    test.each([
      ["wrong bytes behind a .jpg name", () => new TextEncoder().encode("<svg onload=alert(1)>not a jpeg</svg>"), 415, "IMAGE_FORMAT", "format"],
      ["a GIF named .png", () => new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x80\x00\x00;"), 415, "IMAGE_FORMAT", "format"],
      ["a file over 1 MB", () => { const b = new Uint8Array(PROFILE_IMAGE.maxBytes + 10); b.set(picture()); return b; }, 413, "IMAGE_TOO_LARGE", "File size"],
      ["a decompression bomb (20 000 x 20 000 in a few kB)", () => blackBitmapPng(20_000, 20_000), 422, "IMAGE_DIMENSIONS", "dimensions"],
      ["a truncated PNG", () => picture().subarray(0, 100), 415, "IMAGE_FORMAT", "format"],
    ])("%s", async (_name, bytes, status, code, words) => {
      const { user, client } = await signedInClient(deps);
      const kept = (await postProfileImage(client, picture())).body.profileImageUrl!;
      const before = uploads.files();
      const { res, body } = await postProfileImage(client, bytes(), "picture.jpg", "image/jpeg");
      expect(res.status).toBe(status);
      expect(body.error?.code).toBe(code);
      expect(body.error?.message).toContain(words);
      expect(uploads.files()).toEqual(before);
      expect(await urlOf(user.id)).toBe(kept);
    });

    test("a body far over the limit is cut off while it arrives", async () => {
      const { client } = await signedInClient(deps);
      const before = uploads.files();
      const huge = new Uint8Array(8 * 1024 * 1024);
      // no Content-Length: a stream, as a client sending chunked would
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const form = new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="profileImage"; filename="a.jpg"\r\n\r\n');
          controller.enqueue(form);
          for (let i = 0; i < huge.length; i += 65536) controller.enqueue(huge.subarray(i, i + 65536));
          controller.close();
        },
      });
      const res = await client.request("/api/profile-image", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("IMAGE_TOO_LARGE");
      expect(uploads.files()).toEqual(before);
    });

    test("without the field, signed out, or without CSRF", async () => {
      const { client } = await signedInClient(deps);
      const noField = await client.request("/api/profile-image", { method: "POST", body: new FormData() });
      expect(noField.status).toBe(400);
      expect(await noField.json()).toMatchObject({ error: { code: "VALIDATION", fields: [{ path: "profileImage", code: "required" }] } });

      const visitor = httpClient(deps);
      await visitor.request("/api/csrf");
      const anonymous = await postProfileImage(visitor, picture());
      expect(anonymous.res.status).toBe(401);
      expect(anonymous.body.error?.code).toBe("UNAUTHENTICATED");

      const { client: noCsrf } = await signedInClient(deps, { csrf: false });
      const refused = await postProfileImage(noCsrf, picture());
      expect(refused.res.status).toBe(403);
      expect(refused.body).toEqual({ error: { code: "CSRF_FAILED", message: "CSRF verification failed" } });
      const foreignDelete = await (await signedInClient(deps, { origin: "https://evil.example" })).client.request("/api/profile-image", { method: "DELETE" });
      expect(foreignDelete.status).toBe(403);
    });

    test("when the database update fails, the new file is removed again", async () => {
      const before = uploads.files();
      // a session that outlived its user: the picture is processed and stored, then the update finds no row
      const ctx = {
        deps,
        viewer: { userId: 2_000_000_000, isAdmin: false, sessionId: "gone", sessionExpiresAt: new Date(Date.now() + 60_000) },
        meta: { ip: "203.0.113.9", userAgent: null, csrfOk: true, sessionToken: "gone" },
        cookies: { set() {}, clear() {} },
      } satisfies Ctx;
      await expect(uploadProfileImage(ctx, { bytes: picture() })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      expect(uploads.files()).toEqual(before);
      await expect(deleteProfileImage({ ...ctx, viewer: null })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    });

    test("account deletion can discard the file behind a URL; other URLs are left alone", async () => {
      const { user, client } = await signedInClient(deps);
      const url = (await postProfileImage(client, picture())).body.profileImageUrl!;
      const ctx = { deps, viewer: null, meta: { ip: "x", userAgent: null, csrfOk: true, sessionToken: null }, cookies: { set() {}, clear() {} } } satisfies Ctx;
      await discardProfileImageFile(ctx, "https://images.example.org/profile-images/x.jpg");
      await discardProfileImageFile(ctx, null);
      expect(uploads.files()).toContain(keyOf(url));
      await discardProfileImageFile(ctx, url);
      expect(uploads.files()).not.toContain(keyOf(url));
      expect(await urlOf(user.id)).toBe(url); // the caller changes the row
    });
  });
});

describe("GET /uploads/*", () => {
  test("unknown names and paths that try to leave the folder are 404", async () => {
    const client = httpClient(deps);
    for (const path of ["/uploads/profile-images/nope.jpg", "/uploads/..%2F..%2Fpackage.json", "/uploads/%2e%2e/pglite/PG_VERSION", "/uploads/%E0%A4%A", "/uploads/"]) {
      expect((await client.request(path)).status, path).toBe(404);
    }
  });
});

describe("GraphQL uploadProfileImage / deleteProfileImage (multipart)", () => {
  const UPLOAD = `mutation ($file: File!) { uploadProfileImage(profileImage: $file) { ok profileImageUrl user { profileImageUrl } } }`;

  test("uploads through the same service and answers the account", async () => {
    const { user, client } = await signedInClient(deps);
    const { res, body } = await graphqlUpload(client, UPLOAD, "file", withExif(jpeg(320, 240, () => [90, 160, 30]), { orientation: 1, marker: "GPS-SECRET" }));
    expect(res.status).toBe(200);
    expect(body.errors).toBeUndefined();
    const url = body.data!.uploadProfileImage.profileImageUrl as string;
    expect(url).toMatch(/^\/uploads\/profile-images\/.+\.jpg$/);
    expect(body.data!.uploadProfileImage.user.profileImageUrl).toBe(url);
    expect(await urlOf(user.id)).toBe(url);
    const stored = new Uint8Array(await (await httpClient(deps).request(url)).arrayBuffer());
    expect(Buffer.from(stored).includes("GPS-SECRET")).toBe(false);

    const del = await client.graphql<{ deleteProfileImage: { ok: boolean; user: { profileImageUrl: string | null } } }>(
      "mutation { deleteProfileImage { ok user { profileImageUrl } } }",
    );
    expect(del.body.data?.deleteProfileImage).toEqual({ ok: true, user: { profileImageUrl: null } });
    expect(uploads.files()).not.toContain(keyOf(url));
  });

  test("refusals carry the old wording and code; without CSRF nothing happens", async () => {
    const { user, client } = await signedInClient(deps);
    const before = uploads.files();
    const wrong = await graphqlUpload(client, UPLOAD, "file", new TextEncoder().encode("MZ\x90\x00 not a picture"));
    expect(wrong.body.errors?.[0]).toMatchObject({ message: expect.stringContaining("format"), extensions: { code: "IMAGE_FORMAT" } });
    const bomb = await graphqlUpload(client, UPLOAD, "file", blackBitmapPng(20_000, 20_000));
    expect(bomb.body.errors?.[0]?.extensions.code).toBe("IMAGE_DIMENSIONS");
    const big = new Uint8Array(PROFILE_IMAGE.maxBytes + 1);
    const tooBig = await graphqlUpload(client, UPLOAD, "file", big);
    expect(tooBig.body.errors?.[0]).toMatchObject({ message: expect.stringContaining("File size"), extensions: { code: "IMAGE_TOO_LARGE" } });
    // far over the limit: cut off before graphql-yoga buffers it
    const huge = await graphqlUpload(client, UPLOAD, "file", new Uint8Array(5 * 1024 * 1024));
    expect(huge.res.status).toBe(413);
    expect(huge.body.errors?.[0]?.extensions.code).toBe("IMAGE_TOO_LARGE");

    const { client: noCsrf } = await signedInClient(deps, { csrf: false });
    const refused = await graphqlUpload(noCsrf, UPLOAD, "file", picture());
    expect(refused.body.errors?.[0]?.extensions.code).toBe("CSRF_FAILED");
    expect(uploads.files()).toEqual(before);
    expect(await urlOf(user.id)).toBeNull();
  });

  test("signed out: the old permission message", async () => {
    const visitor = httpClient(deps);
    await visitor.request("/api/csrf");
    const { body } = await graphqlUpload(visitor, UPLOAD, "file", picture());
    expect(body.errors?.[0]).toMatchObject({
      message: "You do not have permission to perform this action",
      extensions: { code: "UNAUTHENTICATED" },
    });
  });
});

describe("storage configuration", () => {
  test("local DATA_DIR/uploads by default, a bucket with S3_BUCKET, mistakes stop the start", () => {
    expect(parseConfig({ DATA_DIR: "/srv/kr" }).storage).toEqual({ kind: "local", dir: "/srv/kr/uploads", publicUrl: "/uploads" });
    expect(parseConfig({ S3_BUCKET: "kr", S3_ENDPOINT: "http://minio:9000", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b", UPLOADS_PUBLIC_URL: "https://cdn.example.org/kr/" }).storage).toEqual({
      kind: "s3",
      bucket: "kr",
      endpoint: "http://minio:9000",
      region: undefined,
      accessKeyId: "a",
      secretAccessKey: "b",
      publicUrl: "https://cdn.example.org/kr",
    });
    expect(() => parseConfig({ S3_ENDPOINT: "http://minio:9000" })).toThrow(/S3_ENDPOINT: set S3_BUCKET too/);
    expect(() => parseConfig({ S3_BUCKET: "kr", S3_ACCESS_KEY_ID: "a" })).toThrow(ConfigError);
    expect(() => parseConfig({ S3_BUCKET: "kr", S3_ENDPOINT: "minio" })).toThrow(/S3_ENDPOINT: /);
    expect(() => parseConfig({ UPLOADS_PUBLIC_URL: "cdn" })).toThrow(/UPLOADS_PUBLIC_URL: /);
  });
});

describe("S3-compatible storage (Bun's S3 client)", () => {
  test("uploads go to the bucket, are served through /uploads and replaced files are deleted there", async () => {
    const s3 = s3Emulator("kickrunde");
    try {
      const storage = { kind: "s3", bucket: "kickrunde", endpoint: s3.endpoint, region: "eu-central-1", accessKeyId: "test", secretAccessKey: "test", publicUrl: "/uploads" } as const;
      const s3Deps: Deps = { ...base, config: { ...base.config, storage } };
      const { user, client } = await signedInClient(s3Deps);
      const first = (await postProfileImage(client, picture())).body.profileImageUrl!;
      expect([...s3.objects.keys()]).toEqual([keyOf(first)]);
      expect(s3.objects.get(keyOf(first))!.type).toBe("image/jpeg");

      const served = await httpClient(s3Deps).request(first);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(readImageHeader(new Uint8Array(await served.arrayBuffer()))).toMatchObject({ width: 640, height: 640 });
      expect((await httpClient(s3Deps).request("/uploads/profile-images/missing.jpg")).status).toBe(404);

      const second = (await postProfileImage(client, picture())).body.profileImageUrl!;
      expect([...s3.objects.keys()]).toEqual([keyOf(second)]);
      expect(await urlOf(user.id)).toBe(second);

      // the module on its own: delete of a missing object is fine
      const direct = createStorage(storage);
      await direct.delete("profile-images/never-there.jpg");
      expect(await direct.get("profile-images/never-there.jpg")).toBeNull();
    } finally {
      s3.stop();
    }
  });
});
