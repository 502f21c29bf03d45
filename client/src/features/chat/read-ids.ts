/**
 * Read bookkeeping of the chat (spec 000 section 3, local storage): read game message ids, each
 * expiring 7 days after the game's start, and read news (marketing message) ids. Unread game comments
 * are counted here against the comment ids the server hands out (server/domains/chat/README.md "Chat rules on the server").
 */

const GAME_KEY = "kickrunde.readGameMessages";
const NEWS_KEY = "kickrunde.readNewsMessages";
const DAY_MS = 86_400_000;
/** Read game message ids expire 7 days after the game start (spec 000 section 9). */
export const READ_EXPIRY_DAYS = 7;

/** One read game comment and when it may be forgotten (ms since the epoch). */
export type ReadEntry = { id: number; expiresAt: number };

export function expiryFor(gameStart: Date): number {
  return gameStart.getTime() + READ_EXPIRY_DAYS * DAY_MS;
}

export function parseReadEntries(raw: string | null): ReadEntry[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (e): e is ReadEntry =>
        typeof e === "object" && e !== null && Number.isInteger((e as ReadEntry).id) && Number.isFinite((e as ReadEntry).expiresAt),
    );
  } catch {
    return [];
  }
}

/** Entries still valid at `now`. */
export function pruneReadEntries(entries: readonly ReadEntry[], now: Date): ReadEntry[] {
  return entries.filter((e) => e.expiresAt > now.getTime());
}

/** Adds the ids of one game's comments, keeping the later expiry of duplicates. */
export function addReadEntries(entries: readonly ReadEntry[], ids: readonly number[], gameStart: Date): ReadEntry[] {
  const expiresAt = expiryFor(gameStart);
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const id of ids) {
    const old = byId.get(id);
    byId.set(id, { id, expiresAt: Math.max(old?.expiresAt ?? 0, expiresAt) });
  }
  return [...byId.values()];
}

/** How many of `commentIds` are not in the read set. */
export function countUnread(commentIds: readonly number[], read: ReadonlySet<number>): number {
  return commentIds.reduce((n, id) => (read.has(id) ? n : n + 1), 0);
}

export function parseNewsIds(raw: string | null): number[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/* ---------- storage with change notifications (the tab bar badge follows reads at once) ---------- */

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: reads are then only remembered for this page view.
  }
}

const listeners = new Set<() => void>();
let version = 0;
let gameCache: { version: number; set: ReadonlySet<number> } | null = null;
let newsCache: { version: number; set: ReadonlySet<number> } | null = null;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeReadIds(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GAME_KEY || event.key === NEWS_KEY) changed();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A counter that changes with every read-state change (for useSyncExternalStore). */
export function readIdsVersion(): number {
  return version;
}

export function readGameMessageIds(): ReadonlySet<number> {
  if (gameCache?.version !== version) gameCache = { version, set: new Set(parseReadEntries(read(GAME_KEY)).map((e) => e.id)) };
  return gameCache.set;
}

export function markGameMessagesRead(ids: readonly number[], gameStart: Date): void {
  const known = readGameMessageIds();
  if (ids.every((id) => known.has(id))) return;
  write(GAME_KEY, JSON.stringify(addReadEntries(parseReadEntries(read(GAME_KEY)), ids, gameStart)));
  changed();
}

let pruned = false;

/** Removes expired read ids; runs once per page load (spec: "expired entries removed at startup"). */
export function pruneExpiredReadIds(now = new Date()): void {
  if (pruned) return;
  pruned = true;
  const entries = parseReadEntries(read(GAME_KEY));
  const kept = pruneReadEntries(entries, now);
  if (kept.length !== entries.length) {
    write(GAME_KEY, kept.length === 0 ? null : JSON.stringify(kept));
    changed();
  }
}

export function readNewsIds(): ReadonlySet<number> {
  if (newsCache?.version !== version) newsCache = { version, set: new Set(parseNewsIds(read(NEWS_KEY))) };
  return newsCache.set;
}

export function markNewsRead(ids: readonly number[]): void {
  const known = readNewsIds();
  if (ids.every((id) => known.has(id))) return;
  write(NEWS_KEY, JSON.stringify([...new Set([...known, ...ids])]));
  changed();
}
