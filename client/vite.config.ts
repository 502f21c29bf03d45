import { fileURLToPath } from "node:url";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { criticalJsBudget } from "../scripts/lib/critical-js-plugin.js";
import { describePrecompressed, precompressDir } from "../scripts/lib/precompress.js";
import { routeChunks } from "../scripts/lib/route-chunks-plugin.js";
import { scriptPriority } from "../scripts/lib/script-priority-plugin.js";
import { swPrecache } from "../scripts/lib/sw-precache-plugin.js";

const clientDir = fileURLToPath(new URL(".", import.meta.url));
const fromClient = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3000"}`;

/** After every build: brotli and gzip copies beside each text file, served by Accept-Encoding (server/http/static.ts). */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "kickrunde:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      console.log(`precompressed ${describePrecompressed(precompressDir(outDir))}`);
    },
  };
}

export default defineConfig({
  root: clientDir,
  publicDir: fromClient("./public"),
  plugins: [
    paraglideVitePlugin({
      project: fromClient("../shared/i18n/project.inlang"),
      outdir: fromClient("./src/paraglide"),
    }),
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: fromClient("./src/routes"),
      generatedRouteTree: fromClient("./src/routeTree.gen.ts"),
    }),
    react(),
    tailwindcss(),
    scriptPriority(),
    routeChunks(fromClient("./src/routes")),
    swPrecache(),
    precompress(),
    // fails the build when the entry and its preloads exceed the budget (scripts/lib/critical-js.ts)
    criticalJsBudget(),
  ],
  resolve: {
    alias: {
      "@shared": fromClient("../shared"),
      "@client": fromClient("./src"),
      "@server": fromClient("../server"),
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/trpc": apiTarget,
      "/graphql": apiTarget,
      "/api": apiTarget,
      "/uploads": apiTarget,
      "/dev/mails": apiTarget,
      "/map/": apiTarget,
    },
  },
  build: {
    outDir: fromClient("./dist"),
    emptyOutDir: true,
    // Browsers preload modules themselves (Chrome 66, Firefox 115, Safari 17); Vite's polyfill for the others cost
    // every first visit 0.45 KiB brotli on the critical path. Safari 16 loads them as they are imported instead
    // (decision in client/src/lib/README.md, "No module-preload polyfill").
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Modules shared by a few lazy screens (a message, an icon, a small hook) became chunks of a
        // few hundred bytes each, 40 requests for the game page; below 4 KB they go into the chunks
        // that import them instead (the preloaded screen then takes a handful of requests).
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 4096 },
          groups: [{ name: "app", tags: ["$initial"] }],
        },
      },
    },
  },
});
