import { cpus } from "node:os";
import { COURT_IMAGE, ORGANIZATION_LOGO } from "@shared/constants";
import { AppError } from "../lib/errors";
import { WorkerCrashedError, WorkerPool, WorkerPoolBusyError, WorkerTaskError, WorkerTimeoutError, transferableBuffer, type WorkerPoolOptions } from "../lib/worker-pool";

/**
 * Uploaded pictures: the type is decided by the bytes (JPEG or PNG, whatever the name says), the
 * size and the header's dimensions are checked before anything is decoded (a tiny PNG can claim
 * 100 000 x 100 000 pixels), then the picture is decoded, centre-cropped to a square, resized,
 * flattened onto white, turned upright by its EXIF orientation and encoded as a new JPEG, which drops
 * EXIF and every other metadata.
 *
 * The header checks here are cheap and run on the calling thread. The pixel work (image-codec.ts,
 * photon: Rust/WASM, because sharp cannot be embedded in the single binary, integrations README.md) takes
 * up to seconds and ~300 MB of wasm memory for a 25-megapixel picture, so it runs in a small pool of
 * workers (image-worker.ts): an upload never stalls the requests of others.
 */
export const PROFILE_IMAGE = {
  /** spec 001 section 5: "max 1 MB" */
  maxBytes: 1024 * 1024,
  size: 640,
  maxSide: 8000,
  maxPixels: 25_000_000,
  jpegQuality: 85,
} as const;

/**
 * The image workers: one per core, at most 2 (each holds up to ~300 MB of wasm memory while it
 * decodes a 25-megapixel picture); 8 more uploads may wait, further ones are refused (IMAGE_BUSY)
 * until a worker is free. A conversion that is not done 20 s after a worker took it (a 25-megapixel
 * one takes ~1-4 s, depending on the machine's load) is stopped and refused (IMAGE_TIMEOUT).
 */
export const IMAGE_WORKERS = {
  size: Math.max(1, Math.min(2, cpus().length)),
  maxQueued: 8,
  timeoutMs: 20_000,
} as const;

export type ImageFormat = "jpeg" | "png";
export type ImageHeader = {
  format: ImageFormat;
  width: number;
  height: number;
  /** EXIF orientation 1-8 (JPEG), 1 when absent */
  orientation: number;
  /** PNG colour type with alpha, or a tRNS chunk (transparency in a palette or grey/RGB image) */
  mayHaveAlpha: boolean;
};

// ---------------------------------------------------------------------------------------------
// headers: type by magic bytes, dimensions before decoding

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

const u16be = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!;
const u32be = (b: Uint8Array, o: number) => ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
const ascii = (b: Uint8Array, o: number, n: number) => String.fromCharCode(...b.subarray(o, o + n));

function pngHeader(b: Uint8Array): ImageHeader | null {
  // signature, then IHDR must be the first chunk: length 13, type, width, height, depth, colour type
  if (b.length < 33 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== "IHDR") return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const depth = b[24]!;
  const colourType = b[25]!;
  const validDepths: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
  if (!validDepths[colourType]?.includes(depth)) return null;
  let mayHaveAlpha = colourType === 4 || colourType === 6;
  // Walk the chunks up to the image data looking for tRNS (transparency without an alpha channel).
  for (let o = 33; !mayHaveAlpha && o + 8 <= b.length; ) {
    const type = ascii(b, o + 4, 4);
    if (type === "IDAT" || type === "IEND") break;
    if (type === "tRNS") mayHaveAlpha = true;
    o += 12 + u32be(b, o);
  }
  return { format: "png", width, height, orientation: 1, mayHaveAlpha };
}

/** SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegHeader(b: Uint8Array): ImageHeader | null {
  let orientation = 1;
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return null;
    const marker = b[o + 1]!;
    if (marker === 0xff) {
      o += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = u16be(b, o + 2);
    if (length < 2 || o + 2 + length > b.length) return null;
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(b.subarray(o + 4, o + 2 + length));
    if (isStartOfFrame(marker)) {
      if (length < 8) return null;
      return { format: "jpeg", height: u16be(b, o + 5), width: u16be(b, o + 7), orientation, mayHaveAlpha: false };
    }
    o += 2 + length;
  }
  return null;
}

/** The Orientation tag (0x0112) of IFD0 in an APP1 "Exif" segment; 1 when absent or unreadable. */
export function exifOrientation(app1: Uint8Array): number {
  if (app1.length < 14 || ascii(app1, 0, 6) !== "Exif\0\0") return 1;
  const t = app1.subarray(6);
  const little = ascii(t, 0, 2) === "II";
  if (!little && ascii(t, 0, 2) !== "MM") return 1;
  const u16 = (o: number) => (little ? t[o]! | (t[o + 1]! << 8) : u16be(t, o));
  const u32 = (o: number) => (little ? (t[o]! | (t[o + 1]! << 8) | (t[o + 2]! << 16) | (t[o + 3]! << 24)) >>> 0 : u32be(t, o));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > t.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > t.length) return 1;
    if (u16(e) === 0x0112 && u16(e + 2) === 3) {
      const value = u16(e + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Format and dimensions from the first bytes, without decoding; null when neither JPEG nor PNG. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = sniffFormat(bytes);
  if (format === "png") return pngHeader(bytes);
  if (format === "jpeg") return jpegHeader(bytes);
  return null;
}

// ---------------------------------------------------------------------------------------------
// the profile picture

/** What the main thread hands an image worker (image-worker.ts). */
/** `size` is the width (and the height of a square); `height` when the result is not square. */
export type ImageTask = { bytes: ArrayBuffer; header: ImageHeader; size: number; height?: number; quality: number };

// Beside this module when run from source; scripts/build.ts points the single binary at its
// embedded copy (`useImageWorkerScript` in the generated entry).
let workerScript: string | URL = new URL("./image-worker.ts", import.meta.url);
let sharedPool: WorkerPool<ImageTask, ArrayBuffer> | undefined;

/** Where the image worker's script is; only the single binary's generated entry needs this. */
export function useImageWorkerScript(script: string): void {
  workerScript = script;
}

export function createImagePool(options: Partial<Omit<WorkerPoolOptions, "script">> = {}): WorkerPool<ImageTask, ArrayBuffer> {
  return new WorkerPool({ script: workerScript, ...IMAGE_WORKERS, ...options });
}

/** The process's image workers, started on the first upload. */
function imagePool(): WorkerPool<ImageTask, ArrayBuffer> {
  sharedPool ??= createImagePool();
  return sharedPool;
}

/**
 * Checks an upload and returns a 640x640 JPEG without metadata; AppError IMAGE_* when refused.
 * The bytes move to an image worker without a copy when they fill their own ArrayBuffer (as an
 * upload read with `arrayBuffer()` does): the caller's array is then empty (detached) afterwards.
 */
export function profileImageJpeg(bytes: Uint8Array, pool: WorkerPool<ImageTask, ArrayBuffer> = imagePool()): Promise<Uint8Array> {
  return fittedImageJpeg(bytes, { width: PROFILE_IMAGE.size, height: PROFILE_IMAGE.size, maxBytes: PROFILE_IMAGE.maxBytes }, pool);
}

/** A court image (spec 001 section 5): centre-cropped to the ratio 1.6 and resized to 1200x750. */
export function courtImageJpeg(bytes: Uint8Array, pool: WorkerPool<ImageTask, ArrayBuffer> = imagePool()): Promise<Uint8Array> {
  return fittedImageJpeg(bytes, COURT_IMAGE, pool);
}

/** An organisation logo (spec 001 section 5): centre-cropped square, 640x640. */
export function organizationLogoJpeg(bytes: Uint8Array, pool: WorkerPool<ImageTask, ArrayBuffer> = imagePool()): Promise<Uint8Array> {
  return fittedImageJpeg(bytes, ORGANIZATION_LOGO, pool);
}

/** The checks every upload gets (size, type by magic bytes, header dimensions), then the worker's crop and resize. */
export async function fittedImageJpeg(
  bytes: Uint8Array,
  target: { width: number; height: number; maxBytes: number },
  pool: WorkerPool<ImageTask, ArrayBuffer> = imagePool(),
): Promise<Uint8Array> {
  const limits = { ...PROFILE_IMAGE, maxBytes: target.maxBytes };
  if (bytes.length > limits.maxBytes) throw new AppError("IMAGE_TOO_LARGE", { details: { maxBytes: limits.maxBytes } });
  const header = readImageHeader(bytes);
  if (!header) throw new AppError("IMAGE_FORMAT");
  const { width, height } = header;
  if (width < 1 || height < 1) throw new AppError("IMAGE_FORMAT");
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new AppError("IMAGE_DIMENSIONS", { details: { width, height, maxSide: limits.maxSide, maxPixels: limits.maxPixels } });
  }
  const buffer = transferableBuffer(bytes);
  try {
    const jpeg = await pool.run({ bytes: buffer, header, size: target.width, height: target.height, quality: limits.jpegQuality }, [buffer]);
    return new Uint8Array(jpeg);
  } catch (e) {
    throw imageError(e);
  }
}

/**
 * The pool's failures as answers a client understands. A worker that dies under a picture is
 * answered like a decoder panic (IMAGE_FORMAT); one that cannot even start is our fault and stays a
 * server error.
 */
function imageError(e: unknown): unknown {
  if (e instanceof WorkerTaskError && e.kind === "IMAGE_FORMAT") return new AppError("IMAGE_FORMAT", { cause: e });
  if (e instanceof WorkerCrashedError) return new AppError("IMAGE_FORMAT", { cause: e });
  if (e instanceof WorkerPoolBusyError) return new AppError("IMAGE_BUSY", { cause: e });
  if (e instanceof WorkerTimeoutError) return new AppError("IMAGE_TIMEOUT", { cause: e });
  return e;
}
