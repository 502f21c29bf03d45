import { m } from "@client/paraglide/messages";

type MessageFn = (inputs?: Record<string, never>) => string;
type Table = Record<string, MessageFn | undefined>;

/** Every message of the modules Vite found for the prefixes below (each module exports its message under its key). */
function tableOf(modules: Record<string, Record<string, unknown>>): Table {
  return Object.assign({}, ...Object.values(modules)) as Table;
}

/**
 * The messages a key built at run time may name: error and validation codes, flash notices, and the
 * reasons and feedback values of a few screens. The Vite build holds just these here, so every other
 * message is bundled with the screen that uses it (issue 11); bun's tests, which have no
 * `import.meta.glob`, look in the whole catalogue.
 */
const table: Table =
  import.meta.env.PROD || import.meta.env.DEV
    ? tableOf(
        import.meta.glob(
          [
            "../paraglide/messages/error_*.js",
            "../paraglide/messages/validation_*.js",
            "../paraglide/messages/account_flash_*.js",
            "../paraglide/messages/game_flash_*.js",
            "../paraglide/messages/removal_reason_*.js",
            "../paraglide/messages/attendance_feedback_*.js",
            "../paraglide/messages/report_reason_*.js",
          ],
          { eager: true },
        ),
      )
    : (m as unknown as Table);

/**
 * Looks a message up by a key built at run time (error and validation codes).
 * Returns null for unknown keys so callers can fall back.
 */
export function messageByKey(key: string): string | null {
  const fn = table[key];
  return typeof fn === "function" ? fn() : null;
}
