import type * as PhotonModule from "@silvia-odwyer/photon-node";
// The wasm-bindgen glue and the wasm are imported as a text and a file, so `bun build --compile` embeds
// both; the glue's own loader (`readFileSync(__dirname + "/photon_rs_bg.wasm")` at import time) cannot
// work inside the binary, so `photon()` below runs the glue with the embedded wasm handed to it.
import photonGlue from "@silvia-odwyer/photon-node/photon_rs.js" with { type: "text" };
import photonWasmPath from "@silvia-odwyer/photon-node/photon_rs_bg.wasm" with { type: "file" };
import { AppError } from "../lib/errors";

/**
 * Uploaded pictures: the type is decided by the bytes (JPEG or PNG, whatever the name says), the
 * size and the header's dimensions are checked before anything is decoded (a tiny PNG can claim
 * 100 000 x 100 000 pixels), then the picture is decoded, centre-cropped to a square, resized,
 * flattened onto white, turned upright by its EXIF orientation and encoded as a new JPEG, which drops
 * EXIF and every other metadata.
 *
 * Image work is @silvia-odwyer/photon-node (Rust/WASM), because sharp cannot be embedded in the
 * single binary (README, Decisions). It runs synchronously on the calling thread: the dimension
 * limits below keep one call under about a second and ~300 MB of wasm memory at the very worst
 * (a 25-megapixel picture); a real profile picture (already cropped to 640x640 by the browser)
 * takes a few milliseconds.
 */
export const PROFILE_IMAGE = {
  /** spec 001 section 5: "max 1 MB" */
  maxBytes: 1024 * 1024,
  size: 640,
  maxSide: 8000,
  maxPixels: 25_000_000,
  jpegQuality: 85,
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

type Photon = typeof PhotonModule;

// ---------------------------------------------------------------------------------------------
// photon: explicit initialisation with the embedded wasm

let compiled: WebAssembly.Module | undefined;
let instance: (Photon & { __wasm: { memory: WebAssembly.Memory } }) | undefined;
/** Wasm memory never shrinks: after a big picture the instance is dropped and made afresh. */
const MAX_RETAINED_WASM_BYTES = 128 * 1024 * 1024;

async function photon(): Promise<NonNullable<typeof instance>> {
  if (instance) return instance;
  compiled ??= await WebAssembly.compile(await Bun.file(photonWasmPath).arrayBuffer());
  const module = compiled;
  const cjs: { exports: Record<string, unknown> } = { exports: {} };
  // The glue is CommonJS for Node: it asks `require` for util (TextEncoder/TextDecoder), and for fs
  // and path only to read its wasm, which it then compiles with `new WebAssembly.Module(bytes)`.
  const requireShim = (name: string): unknown => {
    if (name === "util") return { TextEncoder, TextDecoder };
    if (name === "path") return { join: () => "photon_rs_bg.wasm" };
    if (name === "fs") return { readFileSync: () => new Uint8Array(0) };
    throw new Error(`photon glue asked for ${name}`);
  };
  // The glue builds `new WebAssembly.Module(bytes)` then `new WebAssembly.Instance(module, imports)`:
  // it gets the module compiled once, so a fresh instance costs a few milliseconds.
  const wasmShim = { Module: function () { return module; }, Instance: WebAssembly.Instance };
  new Function("module", "exports", "require", "__dirname", "WebAssembly", photonGlue as unknown as string)(
    cjs,
    cjs.exports,
    requireShim,
    "/",
    wasmShim,
  );
  instance = cjs.exports as unknown as NonNullable<typeof instance>;
  return instance;
}

function releaseIfLarge(p: NonNullable<typeof instance>): void {
  if (p.__wasm.memory.buffer.byteLength > MAX_RETAINED_WASM_BYTES && instance === p) instance = undefined;
}

/** Loads photon now (at boot or in a smoke check) instead of on the first upload. */
export async function warmUpImages(): Promise<void> {
  await photon();
}

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

/** Checks an upload and returns a 640x640 JPEG without metadata; AppError IMAGE_* when refused. */
export async function profileImageJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  const limits = PROFILE_IMAGE;
  if (bytes.length > limits.maxBytes) throw new AppError("IMAGE_TOO_LARGE", { details: { maxBytes: limits.maxBytes } });
  const header = readImageHeader(bytes);
  if (!header) throw new AppError("IMAGE_FORMAT");
  const { width, height } = header;
  if (width < 1 || height < 1) throw new AppError("IMAGE_FORMAT");
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new AppError("IMAGE_DIMENSIONS", { details: { width, height, maxSide: limits.maxSide, maxPixels: limits.maxPixels } });
  }
  const p = await photon();
  try {
    return squareJpeg(p, bytes, header, limits.size, limits.jpegQuality);
  } catch (e) {
    // A panic inside the wasm (a corrupt file past its header) leaves the instance in an unknown
    // state: drop it, the next call starts a fresh one.
    if (instance === p) instance = undefined;
    if (e instanceof AppError) throw e;
    throw new AppError("IMAGE_FORMAT", { cause: e });
  } finally {
    releaseIfLarge(p);
  }
}

function squareJpeg(p: Photon, bytes: Uint8Array, header: ImageHeader, size: number, quality: number): Uint8Array {
  const images: PhotonModule.PhotonImage[] = [];
  const keep = <T extends PhotonModule.PhotonImage>(img: T) => (images.push(img), img);
  try {
    let img = keep(p.PhotonImage.new_from_byteslice(bytes));
    const w = img.get_width();
    const h = img.get_height();
    // The decoder must agree with the header we checked; anything else is a crafted file.
    if (w !== header.width || h !== header.height) throw new AppError("IMAGE_FORMAT");
    const side = Math.min(w, h);
    if (w !== h) {
      const x = Math.floor((w - side) / 2);
      const y = Math.floor((h - side) / 2);
      img = keep(p.crop(img, x, y, x + side, y + side));
    }
    // photon's resize weighs colours by alpha, so transparency can go onto white afterwards, on the
    // small picture (the JPEG encoder would otherwise just drop alpha and show the hidden colour).
    if (side !== size) img = keep(p.resize(img, size, size, p.SamplingFilter.Triangle));
    if (header.mayHaveAlpha || header.orientation !== 1) {
      const raw = img.get_raw_pixels();
      if (header.mayHaveAlpha) flattenOntoWhite(raw);
      img = keep(new p.PhotonImage(header.orientation === 1 ? raw : orient(raw, size, header.orientation), size, size));
    }
    return img.get_bytes_jpeg(quality);
  } finally {
    for (const img of images) img.free();
  }
}

/** Blends RGBA pixels onto white in place and makes them opaque; false when all were opaque already. */
export function flattenOntoWhite(rgba: Uint8Array): boolean {
  let changed = false;
  for (let i = 3; i < rgba.length; i += 4) {
    const a = rgba[i]!;
    if (a === 255) continue;
    changed = true;
    const keep = a / 255;
    const white = 255 * (1 - keep);
    rgba[i - 3] = Math.round(rgba[i - 3]! * keep + white);
    rgba[i - 2] = Math.round(rgba[i - 2]! * keep + white);
    rgba[i - 1] = Math.round(rgba[i - 1]! * keep + white);
    rgba[i] = 255;
  }
  return changed;
}

/**
 * Applies the EXIF orientation to a square RGBA picture (re-encoding drops the tag, so a phone
 * photo taken upright would otherwise come out sideways). Alpha is set opaque on the way.
 */
export function orient(rgba: Uint8Array, n: number, orientation: number): Uint8Array {
  const out = new Uint8Array(rgba.length);
  const m = n - 1;
  // source (sx, sy) of the displayed pixel (x, y), per EXIF orientation 1-8
  const source: (x: number, y: number) => [number, number] =
    ({
      2: (x: number, y: number) => [m - x, y],
      3: (x: number, y: number) => [m - x, m - y],
      4: (x: number, y: number) => [x, m - y],
      5: (x: number, y: number) => [y, x],
      6: (x: number, y: number) => [y, m - x],
      7: (x: number, y: number) => [m - y, m - x],
      8: (x: number, y: number) => [m - y, x],
    } as Record<number, (x: number, y: number) => [number, number]>)[orientation] ?? ((x, y) => [x, y]);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const [sx, sy] = source(x, y);
      const s = (sy * n + sx) * 4;
      const d = (y * n + x) * 4;
      out[d] = rgba[s]!;
      out[d + 1] = rgba[s + 1]!;
      out[d + 2] = rgba[s + 2]!;
      out[d + 3] = 255;
    }
  }
  return out;
}
