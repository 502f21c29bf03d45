import { useSyncExternalStore } from "react";

/** Which form the sign-in modal shows (spec 001 section 2.1: a registered/sign-in toggle). */
export type SignInMode = "signIn" | "register";

/**
 * Kept outside React, so the modal keeps its step when the shell is drawn anew (a route that
 * reloads after signing in): `registered` is the "check your inbox" step after registering.
 */
type State = {
  open: boolean;
  mode: SignInMode;
  registered: { email: string; at: number } | null;
  /** why the modal opened, shown above the form (a tournament registration whose e-mail has an account, spec 001 section 8); a message function, so it follows a language switch */
  warning: (() => string) | null;
  /** the e-mail address the sign-in form starts with */
  email: string | null;
};

let state: State = { open: false, mode: "signIn", registered: null, warning: null, email: null };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the sign-in modal over the current page (or switches its form); the user stays where they are. */
export function openSignIn(mode: SignInMode = "signIn", options: { warning?: () => string; email?: string } = {}): void {
  set({ open: true, mode, registered: null, warning: options.warning ?? null, email: options.email ?? null });
}

export function showRegistered(email: string): void {
  set({ ...state, registered: { email, at: Date.now() } });
}

export function closeSignIn(): void {
  if (state.open) set({ ...state, open: false, registered: null, warning: null, email: null });
}

export function useSignInModalState(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
