import { join } from "node:path";

/** Absolute paths the scripts share, so each one works from any working directory. */
export const ROOT = join(import.meta.dir, "..", "..");
export const CLIENT_DIR = join(ROOT, "client");
export const CLIENT_DIST = join(CLIENT_DIR, "dist");
export const VITE_CONFIG = join(CLIENT_DIR, "vite.config.ts");
export const INLANG_PROJECT = join(ROOT, "shared", "i18n", "project.inlang");
export const PARAGLIDE_OUT = join(CLIENT_DIR, "src", "paraglide");
export const ROUTES_DIR = join(CLIENT_DIR, "src", "routes");
export const ROUTE_TREE = join(CLIENT_DIR, "src", "routeTree.gen.ts");
export const MIGRATIONS_DIR = join(ROOT, "migrations");
export const DIST_DIR = join(ROOT, "dist");
export const BINARY = join(DIST_DIR, process.platform === "win32" ? "kickrunde.exe" : "kickrunde");
/** Build intermediates (the generated binary entry); inside the gitignored dist/. */
export const BUILD_TMP = join(DIST_DIR, ".build");

/** A package's bin script inside node_modules, run with the current bun (no PATH needed). */
export function nodeBin(pkgPath: string): string {
  return join(ROOT, "node_modules", pkgPath);
}
