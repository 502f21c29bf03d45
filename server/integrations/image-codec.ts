import type * as PhotonModule from "@silvia-odwyer/photon-node";
// The wasm-bindgen glue and the wasm are imported as a text and a file, so `bun build --compile` embeds
// both; the glue's own loader (`readFileSync(__dirname + "/photon_rs_bg.wasm")` at import time) cannot
// work inside the binary, so `photon()` below runs the glue with the embedded wasm handed to it.
import photonGlue from "@silvia-odwyer/photon-node/photon_rs.js" with { type: "text" };
import photonWasmPath from "@silvia-odwyer/photon-node/photon_rs_bg.wasm" with { type: "file" };
import { AppError } from "../lib/errors";
import type { ImageHeader } from "./images";

/**
 * The pixel work behind images.ts: decode, centre-crop, resize, flatten, orient and encode with
 * @silvia-odwyer/photon-node (Rust/WASM; sharp cannot be embedded in the single binary, README,
 * Decisions). It is synchronous and takes up to seconds for a 25-megapixel picture, so it runs in
 * the image worker (image-worker.ts), never on the thread that answers requests. images.ts checks
 * the header and the limits before anything reaches this module.
 */

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

/**
 * A 640x640 (`size`) JPEG without metadata from a picture whose header was checked; AppError
 * IMAGE_FORMAT when the bytes past the header are broken or disagree with it.
 */
export function squareJpegOf(bytes: Uint8Array, header: ImageHeader, size: number, quality: number): Promise<Uint8Array> {
  return fittedJpegOf(bytes, header, size, size, quality);
}

/**
 * A `width` x `height` JPEG without metadata: the picture, turned upright, centre-cropped to the
 * ratio width / height and resized (court images 1200x750, logos and profile pictures 640x640).
 */
export async function fittedJpegOf(bytes: Uint8Array, header: ImageHeader, width: number, height: number, quality: number): Promise<Uint8Array> {
  const p = await photon();
  try {
    return fittedJpeg(p, bytes, header, width, height, quality);
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

/** EXIF orientations 5-8 store the picture turned by 90 degrees: displayed width is the stored height. */
const isTransposed = (orientation: number) => orientation >= 5 && orientation <= 8;

function fittedJpeg(p: Photon, bytes: Uint8Array, header: ImageHeader, width: number, height: number, quality: number): Uint8Array {
  const images: PhotonModule.PhotonImage[] = [];
  const keep = <T extends PhotonModule.PhotonImage>(img: T) => (images.push(img), img);
  try {
    let img = keep(p.PhotonImage.new_from_byteslice(bytes));
    const w = img.get_width();
    const h = img.get_height();
    // The decoder must agree with the header we checked; anything else is a crafted file.
    if (w !== header.width || h !== header.height) throw new AppError("IMAGE_FORMAT");
    // crop and resize in the stored orientation, to the target turned the same way
    const transposed = isTransposed(header.orientation);
    const tw = transposed ? height : width;
    const th = transposed ? width : height;
    let cw = w;
    let ch = h;
    if (w * th > h * tw) cw = Math.max(1, Math.min(w, Math.round((h * tw) / th)));
    else if (w * th < h * tw) ch = Math.max(1, Math.min(h, Math.round((w * th) / tw)));
    if (cw !== w || ch !== h) {
      const x = Math.floor((w - cw) / 2);
      const y = Math.floor((h - ch) / 2);
      img = keep(p.crop(img, x, y, x + cw, y + ch));
    }
    // photon's resize weighs colours by alpha, so transparency can go onto white afterwards, on the
    // small picture (the JPEG encoder would otherwise just drop alpha and show the hidden colour).
    if (cw !== tw || ch !== th) img = keep(p.resize(img, tw, th, p.SamplingFilter.Triangle));
    if (header.mayHaveAlpha || header.orientation !== 1) {
      const raw = img.get_raw_pixels();
      if (header.mayHaveAlpha) flattenOntoWhite(raw);
      img = keep(new p.PhotonImage(header.orientation === 1 ? raw : orientRect(raw, tw, th, header.orientation), width, height));
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
  return orientRect(rgba, n, n, orientation);
}

/**
 * orient() for a `sw` x `sh` stored picture; the result is sh x sw for orientations 5-8 (turned by
 * 90 degrees), sw x sh otherwise.
 */
export function orientRect(rgba: Uint8Array, sw: number, sh: number, orientation: number): Uint8Array {
  const out = new Uint8Array(rgba.length);
  const mx = sw - 1;
  const my = sh - 1;
  const dw = isTransposed(orientation) ? sh : sw;
  const dh = isTransposed(orientation) ? sw : sh;
  // source (sx, sy) of the displayed pixel (x, y), per EXIF orientation 1-8
  const source: (x: number, y: number) => [number, number] =
    ({
      2: (x: number, y: number) => [mx - x, y],
      3: (x: number, y: number) => [mx - x, my - y],
      4: (x: number, y: number) => [x, my - y],
      5: (x: number, y: number) => [y, x],
      6: (x: number, y: number) => [y, my - x],
      7: (x: number, y: number) => [mx - y, my - x],
      8: (x: number, y: number) => [mx - y, x],
    } as Record<number, (x: number, y: number) => [number, number]>)[orientation] ?? ((x, y) => [x, y]);
  for (let y = 0; y < dh; y++) {
    for (let x = 0; x < dw; x++) {
      const [sx, sy] = source(x, y);
      const s = (sy * sw + sx) * 4;
      const d = (y * dw + x) * 4;
      out[d] = rgba[s]!;
      out[d + 1] = rgba[s + 1]!;
      out[d + 2] = rgba[s + 2]!;
      out[d + 3] = 255;
    }
  }
  return out;
}

/** A JPEG of raw RGBA pixels (pictures the server draws itself: the demo courts' images). */
export async function jpegOfRgba(rgba: Uint8Array, width: number, height: number, quality: number): Promise<Uint8Array> {
  const p = await photon();
  const img = new p.PhotonImage(rgba, width, height);
  try {
    return img.get_bytes_jpeg(quality);
  } finally {
    img.free();
  }
}
