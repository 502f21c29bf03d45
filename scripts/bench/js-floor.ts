// The floor of the critical-path JavaScript (issue 28): how much of the entry is the libraries the
// app cannot start without, and how much is ours. Builds, with Vite's production settings as
// client/vite.config.ts has them (default minifier and target, the same chunk options), a minimal
// app that uses only what our entry cannot avoid: React 19 `hydrateRoot`, TanStack Router with two
// code-based routes (one of them lazy, as our screens are) and its `Link`, the TanStack Query
// provider with a query, and a tRPC client with our links (`splitLink` over `httpBatchLink` and
// `httpSubscriptionLink`) and the `@trpc/tanstack-react-query` options proxy. Its critical path
// (brotli as the server sends it) is printed next to ours, with the ratio and the verdict on 100 KiB.
//   bun scripts/bench/js-floor.ts                  # builds our client into a temp dir too (under a minute)
//   bun scripts/bench/js-floor.ts --dist=/tmp/d    # ours from an existing build (vite build --outDir /tmp/d)
//   bun scripts/bench/js-floor.ts --keep           # keeps the floor app and its build (the path is printed)
// Prints, never fails on the numbers: exits 0 either way, 1 when a build fails, 2 on bad arguments.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { criticalPath, type CriticalPath } from "../lib/critical-js";
import { BUILD_TMP, ROOT, VITE_CONFIG } from "../lib/paths";
import { precompressDir } from "../lib/precompress";

/** Issue 28's goal for the critical path, brotli. */
const GOAL_BYTES = 100 * 1024;

const args = process.argv.slice(2);
const known = /^--(dist=.+|keep)$/;
const bad = args.find((a) => !known.test(a));
if (bad) {
  console.error(`unknown argument ${bad}\nusage: bun scripts/bench/js-floor.ts [--dist=<built client>] [--keep]`);
  process.exit(2);
}
const distArg = args.find((a) => a.startsWith("--dist="))?.slice("--dist=".length);
const keep = args.includes("--keep");

// Inside the repository (dist/ is ignored by git) so the app's imports resolve from our node_modules.
const work = join(BUILD_TMP, `js-floor-${process.pid}`);
const cleanups: string[] = [];
const cleanup = () => {
  if (!keep) for (const dir of cleanups) rmSync(dir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

/** The floor app: what a hydrating React + TanStack Router/Query + tRPC client needs, and nothing of ours. */
const FILES: Record<string, string> = {
  "index.html": `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>floor</title></head>
<body><div id="root"></div><script type="module" src="/main.js"></script></body></html>
`,
  // Plain JavaScript with the automatic JSX runtime's calls, as @vitejs/plugin-react compiles our .tsx.
  "main.js": `import { jsx, jsxs } from "react/jsx-runtime";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { Link, Outlet, RouterProvider, createRootRouteWithContext, createRoute, createRouter } from "@tanstack/react-router";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
const trpcClient = createTRPCClient({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url: "/trpc" }),
      false: httpBatchLink({ url: "/trpc", headers: () => ({}) }),
    }),
  ],
});
const trpc = createTRPCOptionsProxy({ client: trpcClient, queryClient });

function Feed() {
  const { data } = useQuery(trpc.games.feed.queryOptions({ region: "berlin" }));
  return jsxs("main", { children: [jsx("h1", { children: "Feed" }), jsx("p", { children: String(data ?? "") }), jsx(Link, { to: "/game/$id", params: { id: "1" }, children: "game" })] });
}

const rootRoute = createRootRouteWithContext()({
  component: () => jsxs("div", { children: [jsx(Link, { to: "/", children: "home" }), jsx(Outlet, {})] }),
});
const feedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  loader: ({ context }) => context.queryClient.ensureQueryData(trpc.games.feed.queryOptions({ region: "berlin" })),
  component: Feed,
});
const gameRoute = createRoute({ getParentRoute: () => rootRoute, path: "/game/$id" }).lazy(() => import("./game.js").then((m) => m.Route));

const router = createRouter({ routeTree: rootRoute.addChildren([feedRoute, gameRoute]), context: { queryClient }, defaultPreload: "intent", scrollRestoration: true });

void router.load().then(() =>
  hydrateRoot(
    document.getElementById("root"),
    jsx(StrictMode, { children: jsx(QueryClientProvider, { client: queryClient, children: jsx(RouterProvider, { router }) }) }),
  ),
);
`,
  "game.js": `import { jsx } from "react/jsx-runtime";
import { createLazyRoute, useParams } from "@tanstack/react-router";

export const Route = createLazyRoute("/game/$id")({
  component: function Game() {
    const { id } = useParams({ from: "/game/$id" });
    return jsx("h1", { children: "Game " + id });
  },
});
`,
};

async function buildFloor(): Promise<CriticalPath> {
  const app = join(work, "app");
  const out = join(work, "dist");
  cleanups.push(work);
  mkdirSync(app, { recursive: true });
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(app, name), text);
  await build({
    configFile: false,
    root: app,
    mode: "production",
    logLevel: "error", // the libraries' "use client" directives warn; ours are built the same way
    build: {
      outDir: out,
      emptyOutDir: true,
      // as client/vite.config.ts: the default minifier and target, the same chunk options
      rolldownOptions: {
        output: {
          codeSplitting: {
            experimentalInlineCommonChunks: { maxSize: 4096 },
            groups: [{ name: "app", tags: ["$initial"] }],
          },
        },
      },
    },
  });
  precompressDir(out);
  return criticalPath(out);
}

/** Our client: the given build, or a fresh one into a temp dir with client/vite.config.ts (its budget check included). */
async function ours(): Promise<{ dist: string; path: CriticalPath }> {
  if (distArg) {
    if (!existsSync(join(distArg, "index.html"))) {
      console.error(`${distArg} holds no built client (index.html missing)`);
      process.exit(2);
    }
    return { dist: distArg, path: criticalPath(distArg) };
  }
  const dist = join(work, "ours");
  cleanups.push(dist);
  // its own process: paraglide's plugin keeps a handle open after compiling (scripts/lib/vite-build.ts)
  const proc = Bun.spawn(["bun", "x", "vite", "build", "--config", VITE_CONFIG, "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await proc.exited) !== 0) throw new Error("vite build of the client failed (over its budget? see above)");
  return { dist, path: criticalPath(dist) };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

try {
  const floor = await buildFloor();
  const mine = await ours();
  const row = (name: string, c: CriticalPath) =>
    `${name.padEnd(34)}${String(c.js.length).padStart(7)}${kib(c.total.bytes).padStart(12)}${kib(c.total.gzip).padStart(12)}${kib(c.total.brotli).padStart(12)}`;
  console.log(`critical-path JavaScript (entry and the chunks it preloads), as the server sends it`);
  console.log(`${"".padEnd(34)}${"files".padStart(7)}${"raw".padStart(12)}${"gzip".padStart(12)}${"brotli".padStart(12)}`);
  console.log(row("floor (React, Router, Query, tRPC)", floor));
  console.log(row(`ours (${distArg ?? "fresh build"})`, mine.path));
  const ourPart = mine.path.total.brotli - floor.total.brotli;
  console.log(`ours / floor: ${(mine.path.total.brotli / floor.total.brotli).toFixed(2)} (brotli), ${(mine.path.total.bytes / floor.total.bytes).toFixed(2)} (raw)`);
  console.log(`our part: ${kib(ourPart)} brotli of ${kib(mine.path.total.brotli)} (${((ourPart / mine.path.total.brotli) * 100).toFixed(0)} %)`);
  const floorMet = floor.total.brotli <= GOAL_BYTES;
  console.log(
    `goal at most ${kib(GOAL_BYTES)} brotli (issue 28): ours ${mine.path.total.brotli <= GOAL_BYTES ? "met" : "NOT met"}; ` +
      (floorMet
        ? `the floor leaves ${kib(GOAL_BYTES - floor.total.brotli)} for our code`
        : `NOT reachable with this stack: the floor alone is ${kib(floor.total.brotli - GOAL_BYTES)} over it`),
  );
  if (keep) console.log(`kept: ${work}`);
  cleanup();
  process.exit(0);
} catch (e) {
  console.error(e);
  cleanup();
  process.exit(1);
}
