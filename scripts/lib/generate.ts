import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { INLANG_PROJECT, nodeBin, PARAGLIDE_OUT, ROUTE_TREE, ROUTES_DIR } from "./paths";
import { BUN, run } from "./proc";

export type GenerateResult = { ok: true; detail: string } | { ok: false; error: string };

/** Message keys in the base locale's catalogue (the message-format plugin's JSON files). */
function sourceMessageCount(): number | null {
  try {
    const settings = JSON.parse(readFileSync(join(INLANG_PROJECT, "settings.json"), "utf8"));
    const pattern: string | undefined = settings["plugin.inlang.messageFormat"]?.pathPattern;
    if (!pattern) return null;
    const file = resolve(dirname(INLANG_PROJECT), pattern.replace("{locale}", settings.baseLocale));
    const json = JSON.parse(readFileSync(file, "utf8"));
    return Object.keys(json).filter((k) => k !== "$schema").length;
  } catch {
    return null;
  }
}

/** Compiled message modules: paraglide writes one file per message (or per locale) into messages/. */
function compiledMessageCount(): number {
  const dir = join(PARAGLIDE_OUT, "messages");
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).filter((f) => f.endsWith(".js") && f !== "_index.js").length;
}

/**
 * paraglide compile. Offline, a project that loads its plugin from a CDN still prints
 * "Successfully compiled" with zero messages (stack.md), so the output is checked, not the log.
 */
export async function compileMessages(): Promise<GenerateResult> {
  const code = await run([
    BUN,
    nodeBin("@inlang/paraglide-js/bin/run.js"),
    "compile",
    "--project",
    INLANG_PROJECT,
    "--outdir",
    PARAGLIDE_OUT,
  ]);
  if (code !== 0) return { ok: false, error: `paraglide compile exited with ${code}` };
  const compiled = compiledMessageCount();
  const source = sourceMessageCount();
  if (compiled === 0) {
    return {
      ok: false,
      error:
        `paraglide compiled ZERO messages into ${PARAGLIDE_OUT}/messages` +
        (source ? ` although the base catalogue has ${source} keys` : "") +
        `.\n  The message plugin probably failed to load (look for "PluginImportError" above).` +
        `\n  ${INLANG_PROJECT}/settings.json must load it from node_modules, not a CDN:` +
        `\n  "modules": ["../../node_modules/@inlang/plugin-message-format/dist/index.js"] (relative to shared/i18n), and run \`bun install\`.`,
    };
  }
  return { ok: true, detail: `${compiled} messages compiled${source !== null ? ` (${source} keys in the base catalogue)` : ""}` };
}

/**
 * TanStack Router's route tree, with the same options as client/vite.config.ts. The CLI only reads
 * tsr.config.json from its working directory, so it runs in a temp dir holding one with absolute
 * paths (the repo's top level stays fixed, and the CLI's .tanstack/tmp lands there too).
 */
export async function generateRouteTree(): Promise<GenerateResult> {
  if (!existsSync(join(ROUTES_DIR, "__root.tsx")) && !existsSync(join(ROUTES_DIR, "__root.ts"))) {
    return { ok: false, error: `no root route: ${ROUTES_DIR}/__root.tsx is missing` };
  }
  const dir = mkdtempSync(join(tmpdir(), "kickrunde-tsr-"));
  try {
    writeFileSync(
      join(dir, "tsr.config.json"),
      JSON.stringify({ target: "react", autoCodeSplitting: true, routesDirectory: ROUTES_DIR, generatedRouteTree: ROUTE_TREE }),
    );
    const code = await run([BUN, nodeBin("@tanstack/router-cli/bin/tsr.cjs"), "generate"], { cwd: dir });
    if (code !== 0) return { ok: false, error: `tsr generate exited with ${code}` };
    if (!existsSync(ROUTE_TREE)) return { ok: false, error: `tsr generate wrote no ${ROUTE_TREE}` };
    return { ok: true, detail: `route tree written to ${ROUTE_TREE}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
