/**
 * The local test map's raster tiles (Web Mercator, 256 px): a light land colour, lakes and parks from a
 * deterministic value noise, and streets on a gently bent grid. Every shape is placed in world
 * coordinates, so neighbouring tiles and zoom levels agree and the map looks the same on every run.
 */
export const TILE_SIZE = 256;
export const MAX_TILE_ZOOM = 19;

type Rgb = readonly [number, number, number];
const LAND: Rgb = [243, 241, 234];
const PARK: Rgb = [205, 232, 194];
const WATER: Rgb = [170, 211, 223];
const STREET: Rgb = [255, 255, 255];
const STREET_CASING: Rgb = [222, 216, 203];
const MAIN_ROAD: Rgb = [252, 236, 178];
const MAIN_ROAD_CASING: Rgb = [226, 196, 128];

function hash(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iy | 0, 0x165667b1) ^ Math.imul(seed, 0x9e3779b9);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/** Value noise in [-1, 1) on a lattice of cell size 1. */
function noise(x: number, y: number, seed: number): number {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = smooth(x - ix);
  const fy = smooth(y - iy);
  const a = hash(ix, iy, seed);
  const b = hash(ix + 1, iy, seed);
  const c = hash(ix, iy + 1, seed);
  const d = hash(ix + 1, iy + 1, seed);
  return (a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy) * 2 - 1;
}

/**
 * Fractal noise over octaves 2^from .. 2^to of the world (u, v in [0, 1)), normalised to about [-1, 1].
 * Octaves finer than a few pixels at this zoom are left out (they would only flicker).
 */
function fbm(u: number, v: number, from: number, to: number, seed: number): number {
  let sum = 0;
  let amplitude = 1;
  let total = 0;
  for (let k = from; k <= to; k++) {
    const f = 2 ** k;
    sum += amplitude * noise(u * f, v * f, seed + k * 101);
    total += amplitude;
    amplitude *= 0.5;
  }
  return total === 0 ? 0 : sum / total;
}

/** Bend of the grid lines of level `level` at (u, v), in fractions of a cell: slow, so it is sampled coarsely. */
function bends(u: number, v: number, level: number, seed: number): [number, number] {
  const lines = 2 ** level;
  return [0.18 * noise(v * lines * 0.25, u * lines * 0.05, seed), 0.18 * noise(u * lines * 0.25, v * lines * 0.05, seed + 7)];
}

/** Distance in pixels from (u, v) to the nearest line of a grid with 2^level lines across the world, bent by (bendU, bendV). */
function gridDistancePx(u: number, v: number, level: number, worldPx: number, bendU: number, bendV: number): number {
  const lines = 2 ** level;
  const du = Math.abs(u * lines + bendU - Math.round(u * lines + bendU));
  const dv = Math.abs(v * lines + bendV - Math.round(v * lines + bendV));
  return (Math.min(du, dv) * worldPx) / lines;
}

function mix(out: Uint8Array, i: number, color: Rgb, alpha: number) {
  if (alpha <= 0) return;
  if (alpha >= 1) {
    out[i] = color[0];
    out[i + 1] = color[1];
    out[i + 2] = color[2];
    return;
  }
  out[i] = out[i]! + (color[0] - out[i]!) * alpha;
  out[i + 1] = out[i + 1]! + (color[1] - out[i + 1]!) * alpha;
  out[i + 2] = out[i + 2]! + (color[2] - out[i + 2]!) * alpha;
}

/** A line of `width` px (with a casing of `casing` px on each side) at distance `d` px, antialiased. */
function drawLine(out: Uint8Array, i: number, d: number, width: number, casing: number, color: Rgb, casingColor: Rgb) {
  const coverage = (half: number) => Math.max(0, Math.min(1, half + 0.5 - d));
  mix(out, i, casingColor, coverage(width / 2 + casing));
  mix(out, i, color, coverage(width / 2));
}

/** Noise fields are sampled every STEP px and interpolated (their finest octave spans at least 4 px): 16 times less work. */
const STEP = 4;
const SAMPLES = TILE_SIZE / STEP + 1;
const FIELDS = 7;

/** RGB pixels of tile z/x/y (bounds are the caller's to check). */
export function renderTile(z: number, x: number, y: number): Uint8Array {
  const out = new Uint8Array(TILE_SIZE * TILE_SIZE * 3);
  const worldPx = TILE_SIZE * 2 ** z;
  const finest = Math.min(z + 6, MAX_TILE_ZOOM + 2);
  // Main roads about every 3 km (grid level 13), streets about every 200 m (level 17), shown once they are far enough apart.
  const mainRoads = z >= 10;
  const streets = z >= 15;
  const mainWidth = z >= 15 ? 7 : z >= 13 ? 4 : 2.2;
  const streetWidth = z >= 18 ? 8 : z >= 17 ? 5 : z >= 16 ? 3.2 : 1.8;

  // water, parks, and the bends of both grids, on the coarse lattice
  const grid = new Float64Array(SAMPLES * SAMPLES * FIELDS);
  for (let sy = 0; sy < SAMPLES; sy++) {
    const v = (y * TILE_SIZE + sy * STEP) / worldPx;
    for (let sx = 0; sx < SAMPLES; sx++) {
      const u = (x * TILE_SIZE + sx * STEP) / worldPx;
      const k = (sy * SAMPLES + sx) * FIELDS;
      grid[k] = fbm(u, v, 11, finest, 17);
      grid[k + 1] = fbm(u, v, 13, finest, 29);
      if (mainRoads) [grid[k + 2], grid[k + 3]] = bends(u, v, 13, 53);
      if (streets) [grid[k + 4], grid[k + 5]] = bends(u, v, 17, 41);
      // small squares and playgrounds, seen from zoom 13 on
      grid[k + 6] = z >= 13 ? fbm(u, v, 16, finest, 31) : 0;
    }
  }
  const field = new Float64Array(FIELDS);
  for (let py = 0; py < TILE_SIZE; py++) {
    const v = (y * TILE_SIZE + py + 0.5) / worldPx;
    const sy = Math.min(Math.floor(py / STEP), SAMPLES - 2);
    const ty = (py + 0.5 - sy * STEP) / STEP;
    for (let px = 0; px < TILE_SIZE; px++) {
      const u = (x * TILE_SIZE + px + 0.5) / worldPx;
      const sx = Math.min(Math.floor(px / STEP), SAMPLES - 2);
      const tx = (px + 0.5 - sx * STEP) / STEP;
      const k00 = (sy * SAMPLES + sx) * FIELDS;
      const k01 = k00 + FIELDS;
      const k10 = k00 + SAMPLES * FIELDS;
      const k11 = k10 + FIELDS;
      for (let f = 0; f < FIELDS; f++) {
        const top = grid[k00 + f]! + (grid[k01 + f]! - grid[k00 + f]!) * tx;
        const bottom = grid[k10 + f]! + (grid[k11 + f]! - grid[k10 + f]!) * tx;
        field[f] = top + (bottom - top) * ty;
      }
      const i = (py * TILE_SIZE + px) * 3;
      const water = field[0]!;
      if (water < -0.3) {
        mix(out, i, WATER, 1);
        continue;
      }
      mix(out, i, LAND, 1);
      const park = Math.max(field[1]!, field[6]! - 0.1);
      if (park > 0.2) mix(out, i, PARK, Math.min(1, (park - 0.2) * 40));
      // A soft shore: land right at the water's edge fades towards it.
      if (water < -0.27) mix(out, i, WATER, ((-0.27 - water) / 0.03) * 0.5);
      if (streets) drawLine(out, i, gridDistancePx(u, v, 17, worldPx, field[4]!, field[5]!), streetWidth, 0.8, STREET, STREET_CASING);
      if (mainRoads) drawLine(out, i, gridDistancePx(u, v, 13, worldPx, field[2]!, field[3]!), mainWidth, 1, MAIN_ROAD, MAIN_ROAD_CASING);
    }
  }
  return out;
}
