import { ROOT } from "./paths";

/** The bun running this script; children use it so nothing depends on `bun` being on PATH. */
export const BUN = process.execPath;

export type RunOptions = { cwd?: string; env?: Record<string, string | undefined>; quiet?: boolean };

/** Runs a command with inherited output and returns its exit code. */
export async function run(cmd: string[], options: RunOptions = {}): Promise<number> {
  const proc = Bun.spawn(cmd, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdin: "inherit",
    stdout: options.quiet ? "ignore" : "inherit",
    stderr: options.quiet ? "ignore" : "inherit",
  });
  return proc.exited;
}

/** Runs a command and exits this process with its code when it fails. */
export async function runOrExit(label: string, cmd: string[], options: RunOptions = {}): Promise<void> {
  const code = await run(cmd, options);
  if (code !== 0) {
    console.error(`\n✖ ${label} failed (exit ${code})`);
    process.exit(code || 1);
  }
}

export function fail(message: string): never {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}
