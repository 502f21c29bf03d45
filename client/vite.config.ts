import { fileURLToPath } from "node:url";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const clientDir = fileURLToPath(new URL(".", import.meta.url));
const fromClient = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3000"}`;

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
    },
  },
  build: {
    outDir: fromClient("./dist"),
    emptyOutDir: true,
  },
});
