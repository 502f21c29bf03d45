import { useSyncExternalStore } from "react";

/**
 * While the browser hydrates the first screen the server drew (main.tsx, server/http/first-screen.ts), a component
 * must draw what the server drew: values only the browser knows (storage, permissions, the device's time zone) come
 * right after that render. React tells each component itself: `useSyncExternalStore` answers its server snapshot
 * while hydrating that component (also inside a suspense boundary hydrated later), and re-renders it with the
 * browser's value at once. Wherever the browser draws by itself, the browser's value is there from the first render.
 */
const noSubscription = () => () => {};

/** False on the server and while this component hydrates; true in every other render in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** A value only the browser knows (a primitive): the server's (`onServer`) while hydrating, else the browser's. */
export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noSubscription, read, () => onServer);
}

/**
 * The moment the server drew the page: components that read the clock (day groups, a game's phase, "now") draw with
 * it while hydrating, so a boundary crossed between the server's drawing and the browser's hydration (a game starting
 * that second, midnight) cannot make the two differ; the next render reads the clock. Set by entry-server.tsx for its
 * render, and in the browser from the page (`data-drawn-at` of #root, main.tsx).
 */
let drawnAt: number | null = null;

export function setDrawnAt(at: number | null): void {
  drawnAt = at;
}

/** The time to draw with in this render: the server's drawing time on the server and while hydrating, else now. */
export function drawingTime(hydrated: boolean): Date {
  return !hydrated && drawnAt !== null ? new Date(drawnAt) : new Date();
}
