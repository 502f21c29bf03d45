import type { Clock } from "../lib/clock";

let frozen: Date | null = null;

/** Real time unless a test freezes it; reset after each test by the preload. */
export const testClock: Clock & { freeze(at: Date | string): void; advance(ms: number): void; reset(): void } = {
  now: () => (frozen ? new Date(frozen) : new Date()),
  freeze(at) {
    frozen = new Date(at);
  },
  advance(ms) {
    frozen = new Date((frozen ?? new Date()).getTime() + ms);
  },
  reset() {
    frozen = null;
  },
};
