type MessageFn = (inputs?: Record<string, unknown>) => string;
export type MessageTable = Record<string, MessageFn | undefined>;

/** Every message of the modules Vite found for the prefixes below (each module exports its message under its key). */
function tableOf(modules: Record<string, Record<string, unknown>>): MessageTable {
  return Object.assign({}, ...Object.values(modules)) as MessageTable;
}

/**
 * The messages a key built at run time may name: error and validation codes (labels of fixed choices
 * are typed records beside their screens instead). Its own chunk, loaded when the browser is idle after
 * the first screen (lib/messages.ts), so the 150 or so messages in both languages stay off the critical path.
 */
export const catalogue: MessageTable = tableOf(
  import.meta.glob(
    [
      "../paraglide/messages/error_*.js",
      "../paraglide/messages/validation_*.js",
    ],
    { eager: true },
  ),
);
