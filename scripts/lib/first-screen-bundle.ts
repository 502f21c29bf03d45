import { join } from "node:path";
import type { BunPlugin } from "bun";
import { ROOT } from "./paths";

/**
 * The server's first-screen renderer (client/src/entry-server.tsx, server/http/first-screen.ts) as one module for
 * the single binary: the client's components bundled for Bun. What only a browser loads is left out: style sheets
 * and Vite's `?url` asset imports (the map's worker) become empty, since the server never draws a map or loads a
 * style; everything it does draw is the same source the browser's build uses.
 */
const browserOnlyAssets: BunPlugin = {
  name: "kickrunde:first-screen-browser-assets",
  setup(build) {
    build.onResolve({ filter: /\?url$|\.css$/ }, (args) => ({ path: args.path, namespace: "browser-asset" }));
    build.onLoad({ filter: /.*/, namespace: "browser-asset" }, () => ({ contents: "export default '';", loader: "js" }));
  },
};

/** Writes `<outDir>/entry-server.js` and answers its path. */
export async function bundleFirstScreen(outDir: string): Promise<string> {
  const result = await Bun.build({
    entrypoints: [join(ROOT, "client/src/entry-server.tsx")],
    outdir: outDir,
    target: "bun",
    format: "esm",
    minify: { syntax: true, whitespace: true },
    plugins: [browserOnlyAssets],
    define: { "process.env.NODE_ENV": JSON.stringify("production"), "import.meta.env.PROD": "true", "import.meta.env.DEV": "false" },
  });
  if (!result.success) throw new AggregateError(result.logs, "the first screen's renderer did not bundle");
  const entry = result.outputs.find((o) => o.kind === "entry-point");
  if (!entry) throw new Error("the first screen's bundle has no entry point");
  return entry.path;
}
