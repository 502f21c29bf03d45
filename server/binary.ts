import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { MigrationJournal } from "./db/migrate";
import { embeddedAssets, type EmbeddedFiles } from "./http/embedded-assets";
import { setBuildVersion } from "./integrations/telemetry/release";
import { loadConfigOrExit, serveStaged } from "./start";

/**
 * Entry of the single executable (`bun run build` -> dist/kickrunde). scripts/build.ts generates a
 * small module that imports every file of client/dist and migrations/ `with { type: "file" }` (so
 * the compiler embeds them) and calls `runBinary` with their embedded paths. Nothing beside the
 * binary is read: the client is served from memory, and the migrations are unpacked into a temp
 * folder for drizzle's migrator, which only reads folders, and only when the embedded journal names a migration
 * the database does not have yet (a restart unpacks nothing). PGlite's wasm and data files are embedded by
 * server/db/client.ts itself. Starts in stages like `bun server/index.ts` (start.ts, server/README.md "Cold start").
 */
export type BinaryFiles = { client: EmbeddedFiles; migrations: EmbeddedFiles; version: string };

async function unpackMigrations(files: EmbeddedFiles): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "kickrunde-migrations-"));
  for (const [relative, embedded] of Object.entries(files)) {
    const target = join(dir, relative);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, new Uint8Array(await Bun.file(embedded).arrayBuffer()));
  }
  return dir;
}

export async function runBinary(files: BinaryFiles): Promise<void> {
  if (process.argv.includes("--version")) {
    console.log(`kickrunde ${files.version}`);
    return;
  }
  // The binary is the production build; an explicit NODE_ENV still wins.
  process.env.NODE_ENV ??= "production";
  // the release of every error report (integrations/telemetry)
  setBuildVersion(files.version);
  const cfg = loadConfigOrExit();
  const journal = files.migrations["meta/_journal.json"];
  if (!journal) throw new Error("the binary has no migrations journal (scripts/build.ts embeds meta/_journal.json)");
  serveStaged(cfg, {
    assets: embeddedAssets(files.client),
    migrations: {
      journal: async () => (await Bun.file(journal).json()) as MigrationJournal,
      folder: async () => {
        const path = await unpackMigrations(files.migrations);
        return { path, release: () => rmSync(path, { recursive: true, force: true }) };
      },
    },
    extra: { version: files.version },
  });
}
