import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

export type ServerProcess = { url: string; proc: ReturnType<typeof Bun.spawn>; stop(): Promise<void> };

/** A real `bun server/index.ts` on a free loopback port against the given PostgreSQL database. */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([process.execPath, "server/index.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, SEED: "none", LOG_LEVEL: "error", ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  const stop = async () => {
    proc.kill();
    await proc.exited;
  };
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc, stop };
    } catch {}
    await Bun.sleep(100);
  }
  await stop();
  throw new Error("server did not start");
}
