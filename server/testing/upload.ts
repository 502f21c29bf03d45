import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PhotonImage } from "@silvia-odwyer/photon-node";
import type { Deps } from "../context";
import { createUser, FACTORY_PASSWORD } from "./factories";
import { httpClient } from "./http-client";

/**
 * Crafted pictures and upload helpers for tests. PNGs are written by hand (so a test can claim any
 * size in the header, or hide transparency); JPEGs come from photon and get EXIF segments spliced in.
 */

// ---------------------------------------------------------------------------------------------
// PNG

function crc32(bytes: Uint8Array): number {
  return Bun.hash.crc32(bytes) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = bitDepth;
  data[9] = colourType; // compression, filter, interlace stay 0
  return chunk("IHDR", data);
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGBA PNG; `pixel(x, y)` gives [r, g, b, a]. */
export function rgbaPng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Uint8Array {
  const stride = width * 4 + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * stride + 1 + x * 4);
  }
  return concat([PNG_SIGNATURE, ihdr(width, height, 8, 6), chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array())]);
}

/**
 * A real, decodable decompression bomb: a 1-bit black PNG of the given size. All-zero rows deflate
 * about 1000:1, so 20 000 x 20 000 pixels (1.6 GB as RGBA) fit in some 50 kB.
 */
export function blackBitmapPng(width: number, height: number): Uint8Array {
  const raw = new Uint8Array((Math.ceil(width / 8) + 1) * height);
  return concat([PNG_SIGNATURE, ihdr(width, height, 1, 0), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", new Uint8Array())]);
}

/** Only a signature and a header claiming the given size: no pixel data at all. */
export function headerOnlyPng(width: number, height: number): Uint8Array {
  return concat([PNG_SIGNATURE, ihdr(width, height, 8, 6), chunk("IEND", new Uint8Array())]);
}

// ---------------------------------------------------------------------------------------------
// JPEG

/** A JPEG from photon; `pixel(x, y)` gives [r, g, b]. */
export function jpeg(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Uint8Array {
  const raw = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([...pixel(x, y), 255], (y * width + x) * 4);
  }
  const img = new PhotonImage(raw, width, height);
  try {
    return img.get_bytes_jpeg(90);
  } finally {
    img.free();
  }
}

/**
 * The JPEG with an APP1 Exif segment right after SOI: IFD0 with Orientation, Make and a text
 * (`marker`, to look for in the output) and a GPS IFD with a latitude, as phones write them.
 */
export function withExif(jpegBytes: Uint8Array, opts: { orientation: number; marker: string }): Uint8Array {
  const enc = new TextEncoder();
  const make = enc.encode("KickrundePhone\0");
  const text = enc.encode(`${opts.marker}\0`);
  // TIFF, big-endian: header (8) | IFD0: count, 4 entries, next (2 + 48 + 4) | GPS IFD: count, 1 entry, next (2 + 12 + 4) | data
  const ifd0 = 8;
  const gps = ifd0 + 2 + 4 * 12 + 4;
  const dataStart = gps + 2 + 12 + 4;
  const makeAt = dataStart;
  const textAt = makeAt + make.length;
  const latAt = textAt + text.length;
  const tiff = new Uint8Array(latAt + 24);
  const v = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]);
  v.setUint32(4, ifd0);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    v.setUint16(at, tag);
    v.setUint16(at + 2, type);
    v.setUint32(at + 4, count);
    if (short) v.setUint16(at + 8, value);
    else v.setUint32(at + 8, value);
  };
  v.setUint16(ifd0, 4);
  entry(ifd0 + 2, 0x010e, 2, text.length, textAt); // ImageDescription
  entry(ifd0 + 14, 0x010f, 2, make.length, makeAt); // Make
  entry(ifd0 + 26, 0x0112, 3, 1, opts.orientation, true); // Orientation
  entry(ifd0 + 38, 0x8825, 4, 1, gps); // GPS IFD pointer
  v.setUint16(gps, 1);
  entry(gps + 2, 0x0002, 5, 3, latAt); // GPSLatitude: 52/1 31/1 12/1
  tiff.set(make, makeAt);
  tiff.set(text, textAt);
  [52, 1, 31, 1, 12, 1].forEach((n, i) => v.setUint32(latAt + i * 4, n));

  const payload = concat([enc.encode("Exif\0\0"), tiff]);
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  segment.set(payload, 4);
  return concat([jpegBytes.subarray(0, 2), segment, jpegBytes.subarray(2)]);
}

/** The JPEG markers of the header segments (up to the scan), e.g. [0xe0, 0xdb, 0xc0, ...]. */
export function jpegMarkers(bytes: Uint8Array): number[] {
  const markers: number[] = [];
  for (let o = 2; o + 4 <= bytes.length && bytes[o] === 0xff; ) {
    const m = bytes[o + 1]!;
    markers.push(m);
    if (m === 0xda) break;
    o += 2 + ((bytes[o + 2]! << 8) | bytes[o + 3]!);
  }
  return markers;
}

/** Decodes a picture to RGBA for pixel checks. */
export function decodeRgba(bytes: Uint8Array): { width: number; height: number; pixel(x: number, y: number): [number, number, number, number] } {
  const img = PhotonImage.new_from_byteslice(bytes);
  try {
    const width = img.get_width();
    const height = img.get_height();
    const raw = img.get_raw_pixels();
    return {
      width,
      height,
      pixel: (x, y) => {
        const i = (y * width + x) * 4;
        return [raw[i]!, raw[i + 1]!, raw[i + 2]!, raw[i + 3]!];
      },
    };
  } finally {
    img.free();
  }
}

// ---------------------------------------------------------------------------------------------
// storage and HTTP

/** Deps whose uploads go to a fresh temp directory (never the repo's ./data). */
export function depsWithUploadDir(deps: Deps): { deps: Deps; dir: string; files(): string[]; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "kickrunde-uploads-"));
  return {
    deps: { ...deps, config: { ...deps.config, storage: { kind: "local", dir, publicUrl: "/uploads" } } },
    dir,
    files: () => listFiles(dir),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every file under a directory, relative, sorted. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** A browser-like client signed in as a new user. */
export async function signedInClient(deps: Deps, opts: { origin?: string | null; csrf?: boolean } = {}) {
  const user = await createUser(deps);
  const client = httpClient(deps, opts);
  await client.request("/api/csrf");
  const login = await httpClient(deps).trpc("auth.login", { email: user.email, password: FACTORY_PASSWORD });
  if (login.res.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  // The session cookie of the login client, handed to the client under test (which may lack CSRF).
  const loginJar = login.res.headers.getSetCookie();
  for (const c of loginJar) {
    const [pair = ""] = c.split(";");
    const i = pair.indexOf("=");
    if (pair.slice(0, i) === "session") client.jar.set("session", pair.slice(i + 1));
  }
  return { user, client };
}

export function fileForm(field: string, bytes: Uint8Array, name = "picture.jpg", type = "image/jpeg"): FormData {
  const form = new FormData();
  form.append(field, new File([bytes as BlobPart], name, { type }));
  return form;
}

/** POST /api/profile-image as the web client sends it. */
export async function postProfileImage(client: ReturnType<typeof httpClient>, bytes: Uint8Array, name?: string, type?: string) {
  const res = await client.request("/api/profile-image", { method: "POST", body: fileForm("profileImage", bytes, name, type) });
  return { res, body: (await res.json()) as { profileImageUrl?: string | null; error?: { code: string; message: string; details?: Record<string, unknown> } } };
}

/** A GraphQL multipart request (graphql-multipart-request-spec) with one file variable. */
export async function graphqlUpload(
  client: ReturnType<typeof httpClient>,
  query: string,
  variable: string,
  bytes: Uint8Array,
  name = "picture.jpg",
) {
  const form = new FormData();
  form.append("operations", JSON.stringify({ query, variables: { [variable]: null } }));
  form.append("map", JSON.stringify({ 0: [`variables.${variable}`] }));
  form.append("0", new File([bytes as BlobPart], name, { type: "image/jpeg" }));
  const res = await client.request("/graphql", { method: "POST", body: form });
  return { res, body: (await res.json()) as { data: Record<string, any> | null; errors?: { message: string; extensions: Record<string, unknown> }[] } };
}

/**
 * A tiny S3-compatible server (path-style PUT, GET, HEAD, DELETE of objects) in memory, enough to
 * prove that the storage module talks S3 through Bun's client. Signatures are not checked.
 */
export function s3Emulator(bucket: string) {
  const objects = new Map<string, { body: Uint8Array; type: string }>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const path = decodeURIComponent(new URL(req.url).pathname);
      if (!path.startsWith(`/${bucket}/`)) return new Response("<Error><Code>NoSuchBucket</Code></Error>", { status: 404 });
      const key = path.slice(bucket.length + 2);
      const found = objects.get(key);
      const missing = () => new Response("<Error><Code>NoSuchKey</Code></Error>", { status: 404, headers: { "content-type": "application/xml" } });
      switch (req.method) {
        case "PUT":
          objects.set(key, { body: new Uint8Array(await req.arrayBuffer()), type: req.headers.get("content-type") ?? "application/octet-stream" });
          return new Response(null, { status: 200, headers: { etag: '"1"' } });
        case "HEAD":
          return found
            ? new Response(null, { headers: { "content-type": found.type, "content-length": String(found.body.length), etag: '"1"', "last-modified": new Date().toUTCString() } })
            : new Response(null, { status: 404 });
        case "GET":
          return found ? new Response(found.body as BlobPart, { headers: { "content-type": found.type, etag: '"1"' } }) : missing();
        case "DELETE":
          objects.delete(key);
          return new Response(null, { status: 204 });
        default:
          return new Response(null, { status: 405 });
      }
    },
  });
  return { objects, endpoint: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}
