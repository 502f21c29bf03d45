import { startTransition, useEffect, useState } from "react";

/**
 * While the browser hydrates the first screen the server drew (main.tsx, server/http/first-screen.ts), a component
 * must draw what the server drew: values only the browser knows (storage, permissions, the device's time zone, the
 * clock) come right after that render, in a transition (decision in client/src/lib/README.md "The browser's values
 * after hydration, in a transition"). A component's first render on a drawn page (until the first navigation) draws
 * the server's values; its effect then sets the browser's in a transition, which React renders in slices. Wherever
 * the browser draws by itself, the browser's value is there from the first render.
 *
 * (Until 2026-11-30 this was `useSyncExternalStore` with a server snapshot: React re-renders such a component
 * synchronously after hydrating it, which made the whole game page render again in one task of about 150 ms on
 * Lighthouse's phone.)
 */
let drawnPage = false;

/**
 * The moment the server drew the page: components that read the clock (day groups, a game's phase, "now") draw with
 * it while hydrating, so a boundary crossed between the server's drawing and the browser's hydration (a game starting
 * that second, midnight) cannot make the two differ; the next render reads the clock. Set by entry-server.tsx for its
 * render, and in the browser from the page (`data-drawn-at` of #root, main.tsx).
 */
let drawnAt: number | null = null;

/** A page the server drew is being drawn (entry-server.tsx) or hydrated (main.tsx), drawn at `at`. */
export function startDrawnPage(at: number | null): void {
  drawnPage = true;
  drawnAt = at;
}

/** Drawn (entry-server.tsx), or left by the first navigation (main.tsx): first renders draw the browser's values. */
export function endDrawnPage(): void {
  drawnPage = false;
  drawnAt = null;
}

/** False on the server and in a component's first render on a drawn page; true in every other render in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !drawnPage);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** A value only the browser knows (a primitive, read once): the server's (`onServer`) in a first render on a drawn page, else the browser's. */
export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, onServer: T): T {
  const [value, setValue] = useState(() => (drawnPage ? onServer : read()));
  useEffect(() => {
    const browser = read();
    if (!Object.is(browser, value)) startTransition(() => setValue(browser));
    // read once after the first render: the values read here do not change while the page is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

/** The time to draw with in this render: the server's drawing time on the server and while hydrating, else now. */
export function drawingTime(hydrated: boolean): Date {
  return !hydrated && drawnAt !== null ? new Date(drawnAt) : new Date();
}
