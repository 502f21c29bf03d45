/**
 * The browser's own install prompt (Chrome on Android): it fires `beforeinstallprompt` once, early, often before the
 * footer that offers it is drawn, and only lets the page call `prompt()` on that very event. main.tsx imports this
 * module before anything renders, so the event is caught and kept here until the install nudge (features/install) uses it.
 */

/** The Chromium-only event (not in TypeScript's DOM types). */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
};

export type InstallOutcome = "accepted" | "dismissed" | "unavailable";

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(next: BeforeInstallPromptEvent | null): void {
  deferred = next;
  for (const listener of listeners) listener();
}

function isInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return typeof (event as Partial<BeforeInstallPromptEvent>).prompt === "function";
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    if (!isInstallPromptEvent(event)) return;
    // keeps Chrome's own mini-infobar away: the footer's nudge offers the install instead
    event.preventDefault();
    changed(event);
  });
  // installed (through the nudge or the browser's menu): nothing left to offer
  window.addEventListener("appinstalled", () => changed(null));
}

/** Whether the browser has offered its install prompt and it was not used yet. */
export function canPromptInstall(): boolean {
  return deferred !== null;
}

/** For useSyncExternalStore: called when the prompt becomes available or is used up. */
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the event can be used once, so it is gone afterwards whatever the answer. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferred;
  if (!event) return "unavailable";
  changed(null);
  try {
    await event.prompt();
    const choice = await event.userChoice;
    return choice.outcome === "accepted" ? "accepted" : "dismissed";
  } catch {
    return "unavailable";
  }
}
