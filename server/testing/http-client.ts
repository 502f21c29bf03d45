import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "@shared/constants";
import { createApp } from "../app";
import type { Deps } from "../context";

/**
 * A browser-like client for the Hono app in-process: keeps cookies, sends the CSRF header
 * from the cookie and a same-origin Origin, like the web client does. Like the web client and the wrapper
 * (spec 000 section 7), a call refused with the permission error while a session cookie is held refreshes the
 * session once and is replayed (a test that moves the clock hours on thus reads what a real client sees);
 * `refresh: false` shows the refusal itself (domains/auth/refresh.test.ts).
 */
let clientCount = 0;

export function httpClient(deps: Deps, opts: { origin?: string | null; csrf?: boolean; ip?: string; refresh?: boolean } = {}) {
  const app = createApp(deps, null);
  // Each client comes from its own address, as browsers do, so the per-address login throttle of
  // one test file's wrong passwords never blocks another file's logins in the same run.
  clientCount++;
  const ip = opts.ip ?? `10.${(clientCount >> 16) & 255}.${(clientCount >> 8) & 255}.${clientCount & 255}`;
  const env = { server: { requestIP: () => ({ address: ip, family: "IPv4", port: 0 }) } };
  const base = deps.config.publicUrl;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", cookieHeader());
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET") {
      if (opts.origin !== null) headers.set("origin", opts.origin ?? base);
      if (opts.csrf !== false && jar.has(CSRF_COOKIE)) headers.set(CSRF_HEADER, jar.get(CSRF_COOKIE)!);
    }
    const res = await app.fetch(new Request(new URL(path, base), { ...init, headers }), env as never);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/max-age=0/i.test(c) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /** The permission error on a held session: refresh and replay, as the real clients do. */
  const mayRefresh = (code: unknown) => opts.refresh !== false && code === "UNAUTHENTICATED" && jar.has(SESSION_COOKIE);

  return {
    jar,
    request,
    async graphql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) {
      if (!jar.has(CSRF_COOKIE)) await request("/api/csrf");
      type Body = { data: T | null; errors?: { message: string; extensions: Record<string, unknown> }[] };
      const send = async () => {
        const res = await request("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) });
        return { res, body: (await res.json()) as Body };
      };
      const first = await send();
      if (!mayRefresh(first.body.errors?.[0]?.extensions?.code)) return first;
      const refreshed = await request("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "mutation { refreshToken { refreshExpiresIn } }" }) });
      const answer = (await refreshed.json()) as Body;
      return answer.errors?.length ? first : send();
    },
    async trpc(path: string, input?: unknown, kind: "query" | "mutation" = "mutation") {
      if (!jar.has(CSRF_COOKIE)) await request("/api/csrf");
      type Body = { result?: { data: { json: unknown } }; error?: { json: { message: string; data: { app: { code: string } } } } };
      const send = async () => {
        const res =
          kind === "query"
            ? await request(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
            : await request(`/trpc/${path}`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ json: input }),
              });
        return { res, body: (await res.json()) as Body };
      };
      const first = await send();
      if (path.startsWith("auth.") || !mayRefresh(first.body.error?.json.data.app.code)) return first;
      const refreshed = await request("/trpc/auth.refresh", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      return refreshed.ok ? send() : first;
    },
  };
}
