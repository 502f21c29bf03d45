import { m } from "@client/paraglide/messages";

type MessageFn = (inputs?: Record<string, never>) => string;

/**
 * Looks a message up by a key built at run time (error and validation codes).
 * Returns null for unknown keys so callers can fall back.
 */
export function messageByKey(key: string): string | null {
  const fn = (m as unknown as Record<string, MessageFn | undefined>)[key];
  return typeof fn === "function" ? fn() : null;
}
