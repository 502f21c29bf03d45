import { useSyncExternalStore } from "react";

/**
 * A one-time notice carried across a navigation (spec 001 sections 2.5 and 4: "go to /login with a
 * success notice", "go to / with a notice"). It lives in memory only: the app navigates without a
 * reload, and a reload should not show it again. Kept as a message key so it follows the language.
 */
export type FlashKey = "account_flash_password_reset" | "account_flash_account_deleted" | "account_flash_profile_saved" | "game_flash_saved";

type Flash = { key: FlashKey; shownAt: string | null };

let current: Flash | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showFlash(key: FlashKey): void {
  current = { key, shownAt: null };
  emit();
}

/** Remembers the page the notice first appeared on, so leaving that page clears it. */
export function markFlashShown(path: string): void {
  if (current && current.shownAt === null) current = { ...current, shownAt: path };
}

export function clearFlash(): void {
  if (!current) return;
  current = null;
  emit();
}

export function useFlash(): Flash | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
