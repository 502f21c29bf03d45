import { gunzipSync } from "node:zlib";

/**
 * A local stand-in for the two telemetry services (issue 27), recording what it got, for tests and for
 * trying the switches offline:
 * - a Sentry-compatible envelope receiver: POST /api/{projectId}/envelope/ (the SDKs' only endpoint since
 *   v7; the key as `sentry_key` in the query or the X-Sentry-Auth header; gzip when the SDK compresses);
 * - a Matomo-compatible tracking receiver: GET or POST /matomo.php (the HTTP Tracking API: parameters in the
 *   query or a form body; `{"requests": ["?idsite=…", …]}` bulk bodies too).
 * Both answer with CORS allowed for any origin, as the real services do for browsers.
 */
export type ReceivedEnvelope = {
  projectId: string;
  /** the public key the sender used */
  key: string | null;
  header: Record<string, unknown>;
  items: { type: string; payload: unknown }[];
  /** whether the request carried a Cookie header */
  cookie: boolean;
};

export type TrackerHit = {
  params: Record<string, string>;
  method: "GET" | "POST";
  cookie: boolean;
};

export type TelemetryEmulator = {
  origin: string;
  /** a DSN pointing at this emulator */
  dsn(projectId?: number, key?: string): string;
  /** the tracker's base URL (ANALYTICS_URL) */
  trackerUrl: string;
  envelopes(): readonly ReceivedEnvelope[];
  /** the events (type "event") of every envelope received */
  errorEvents(): readonly (Record<string, unknown> & { envelope: ReceivedEnvelope })[];
  hits(): readonly TrackerHit[];
  /** forgets everything received */
  clear(): void;
  stop(): Promise<void>;
};

const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "*", "Access-Control-Allow-Methods": "GET, POST, OPTIONS" };

/** Sentry's envelope format: header line, then per item a header line and a payload (of `length` bytes, or up to the next newline). */
export function parseEnvelope(body: Uint8Array): { header: Record<string, unknown>; items: { type: string; payload: unknown }[] } {
  const decoder = new TextDecoder();
  let at = 0;
  const line = (): string | null => {
    if (at >= body.length) return null;
    let end = body.indexOf(10, at);
    if (end === -1) end = body.length;
    const text = decoder.decode(body.subarray(at, end));
    at = end + 1;
    return text;
  };
  const header = JSON.parse(line() ?? "{}") as Record<string, unknown>;
  const items: { type: string; payload: unknown }[] = [];
  for (let h = line(); h !== null; h = line()) {
    if (!h.trim()) continue;
    const itemHeader = JSON.parse(h) as { type: string; length?: number };
    let raw: string;
    if (typeof itemHeader.length === "number") {
      raw = decoder.decode(body.subarray(at, at + itemHeader.length));
      at += itemHeader.length + 1;
    } else raw = line() ?? "";
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // attachments and the like stay text
    }
    items.push({ type: itemHeader.type, payload });
  }
  return { header, items };
}

function keyOf(req: Request, url: URL): string | null {
  const fromQuery = url.searchParams.get("sentry_key");
  if (fromQuery) return fromQuery;
  return /sentry_key=([^,\s]+)/.exec(req.headers.get("x-sentry-auth") ?? "")?.[1] ?? null;
}

async function trackerParams(req: Request, url: URL): Promise<Record<string, string>[]> {
  const fromQuery = Object.fromEntries(url.searchParams);
  if (req.method !== "POST") return [fromQuery];
  const text = await req.text();
  if (text.trimStart().startsWith("{")) {
    const bulk = JSON.parse(text) as { requests?: string[] };
    return (bulk.requests ?? []).map((r) => Object.fromEntries(new URLSearchParams(r.replace(/^[^?]*\?/, ""))));
  }
  return [{ ...fromQuery, ...Object.fromEntries(new URLSearchParams(text)) }];
}

export function startTelemetryEmulator(): TelemetryEmulator {
  let envelopes: ReceivedEnvelope[] = [];
  let hits: TrackerHit[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
      const cookie = req.headers.has("cookie");
      const envelope = /^\/api\/(\d+)\/envelope\/?$/.exec(url.pathname);
      if (envelope && req.method === "POST") {
        let body = new Uint8Array(await req.arrayBuffer());
        if (req.headers.get("content-encoding") === "gzip") body = new Uint8Array(gunzipSync(body));
        try {
          envelopes.push({ projectId: envelope[1]!, key: keyOf(req, url), ...parseEnvelope(body), cookie });
        } catch {
          return Response.json({ detail: "invalid envelope" }, { status: 400, headers: CORS });
        }
        return Response.json({}, { headers: CORS });
      }
      if (url.pathname === "/matomo.php" && (req.method === "GET" || req.method === "POST")) {
        const method = req.method;
        for (const params of await trackerParams(req, url)) hits.push({ params, method, cookie });
        return new Response(null, { status: 204, headers: CORS });
      }
      return new Response("not found", { status: 404, headers: CORS });
    },
  });
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    origin,
    dsn: (projectId = 1, key = "public") => `http://${key}@127.0.0.1:${server.port}/${projectId}`,
    trackerUrl: origin,
    envelopes: () => envelopes,
    errorEvents: () => envelopes.flatMap((e) => e.items.filter((i) => i.type === "event").map((i) => ({ ...(i.payload as Record<string, unknown>), envelope: e }))),
    hits: () => hits,
    clear() {
      envelopes = [];
      hits = [];
    },
    stop: () => server.stop(true),
  };
}
