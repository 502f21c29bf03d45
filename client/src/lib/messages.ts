import { use, useSyncExternalStore } from "react";
import { m } from "@client/paraglide/messages";

import type { MessageTable } from "./message-catalogue";

/**
 * Under Vite the catalogue of messages named by run-time keys (lib/message-catalogue.ts) is its own
 * chunk: `loadMessageCatalogue()` starts it right after the first render (main.tsx), a failed API call
 * waits for it before its error reaches a screen (lib/trpc.ts), and components that show such
 * messages without a failed call first (forms, flash notices) call `useMessageCatalogue()`, which
 * draws them again once it is there (it never holds a screen back). Bun's tests, which have no
 * `import.meta.glob`, use the whole catalogue.
 */
const bundled = import.meta.env.PROD || import.meta.env.DEV;
let table: MessageTable | null = bundled ? null : (m as unknown as MessageTable);
let loading: Promise<void> | null = bundled ? null : Promise.resolve();
/** The last load failed (offline): screens fall back to generic texts instead of waiting again. */
let failed = false;
const listeners = new Set<() => void>();

/** Loads the catalogue once; resolves (never rejects) when it is there or could not be loaded. */
export function loadMessageCatalogue(): Promise<void> {
  loading ??= import("./message-catalogue").then(
    (module) => {
      table = module.catalogue;
      failed = false;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline before the chunk came: callers fall back to the generic texts; a later call retries.
      failed = true;
      setTimeout(() => (loading = null), 0);
    },
  );
  return loading;
}

/** Resolves when the catalogue is there, or after `ms` at most (a failed call must not hang on it). */
export function messageCatalogueReady(ms = 5_000): Promise<void> {
  if (table) return Promise.resolve();
  return Promise.race([loadMessageCatalogue(), new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/** Only listens: the load itself starts when the browser is idle after the first screen (main.tsx) or on a failed call. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For screens that show a keyed message as soon as they are drawn (a rule's notice, not a failed
 * call): suspends until the catalogue is there (starting its load), or draws with generic texts when
 * it could not be loaded.
 */
export function useLoadedMessageCatalogue(): void {
  if (table || failed) return;
  use(loadMessageCatalogue());
}

/** For components that render run-time keyed messages: draws them again once the catalogue is loaded. */
export function useMessageCatalogue(): void {
  useSyncExternalStore(subscribe, () => table !== null, () => table !== null);
}

/**
 * Draws as a browser's first render does, before the catalogue's chunk came (no keyed message yet): the server
 * drawing a first screen (entry-server.tsx), so the browser hydrates the same texts.
 */
export function drawnBeforeCatalogue<T>(draw: () => T): T {
  const kept = table;
  table = null;
  try {
    return draw();
  } finally {
    table = kept;
  }
}

/**
 * Looks a message up by a key built at run time (error and validation codes), with its inputs if it has any.
 * Returns null for unknown keys (and before the catalogue is loaded) so callers can fall back.
 */
export function messageByKey(key: string, inputs?: Record<string, unknown>): string | null {
  const fn = table?.[key];
  return typeof fn === "function" ? fn(inputs) : null;
}
