type Level = "debug" | "info" | "warn" | "error" | "silent";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = Record<Exclude<Level, "silent">, (msg: string, extra?: Record<string, unknown>) => void>;

/** One JSON line per event on stdout/stderr. */
export function createLogger(level: Level): Logger {
  const log = (l: Exclude<Level, "silent">) => (msg: string, extra?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level: l, msg, ...extra });
    (l === "error" || l === "warn" ? console.error : console.log)(line);
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}
