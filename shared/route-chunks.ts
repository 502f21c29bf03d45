/**
 * Which JavaScript a first visit of a URL needs beyond the entry: the build (client/vite.config.ts)
 * writes `route-chunks.json` into the client's folder, one entry per route file whose component
 * Vite split into its own chunk, and the server (server/http/index-html.ts) adds a
 * `<link rel="modulepreload">` for each file of the routes a requested path matches, so the browser
 * fetches the screen's code together with the entry instead of after it.
 */
export type RouteChunks = { path: string; layout: boolean; files: string[] }[];

/**
 * The URL path of a TanStack Router file route, from its file name under routes/: dots and slashes
 * separate segments, `index` and pathless `_layout` segments add nothing, `$param` matches one
 * segment. Null for the root and for pathless layouts (`_authed.tsx`), which no URL names alone.
 */
export function routePathOfFile(file: string): string | null {
  const name = file.replace(/\\/g, "/").replace(/\.(tsx|ts|jsx|js)$/, "");
  if (name === "__root") return null;
  const raw = name.split(/[./]/);
  if (raw.length > 0 && raw[raw.length - 1]!.startsWith("_")) return null;
  const segments = raw.filter((s) => s !== "index" && !s.startsWith("_"));
  return `/${segments.join("/")}`;
}

function segmentsMatch(pattern: string[], actual: string[]): boolean {
  return pattern.every((p, i) => p.startsWith("$") ? actual[i] !== undefined && actual[i] !== "" : p === actual[i]);
}

/** The files to preload for a URL path: its own route's and those of the layouts around it. */
export function chunksForPath(chunks: RouteChunks, pathname: string): string[] {
  const actual = pathname.split("/").filter(Boolean);
  const files = new Set<string>();
  for (const route of chunks) {
    const pattern = route.path.split("/").filter(Boolean);
    const fits = route.layout ? pattern.length <= actual.length : pattern.length === actual.length;
    if (fits && segmentsMatch(pattern, actual)) for (const f of route.files) files.add(f);
  }
  return [...files];
}
