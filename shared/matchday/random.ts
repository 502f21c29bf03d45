/**
 * A small seeded pseudo-random generator (mulberry32): the balancer's reshuffle and the property tests must give the
 * same result for the same seed on the server and in the browser, which Math.random cannot.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = Math.trunc(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
