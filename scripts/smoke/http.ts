/** A tiny cookie-keeping HTTP client for the smoke test: talks to a real server over TCP. */
export function httpSession(base: string) {
  const jar = new Map<string, string>();

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(new URL(path, base), { ...init, headers, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (/max-age=0/i.test(c) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /**
   * The value to send as X-CSRFToken: like the web client, the `csrftoken` cookie's value, fetched
   * with GET /api/csrf when there is none yet (that the body's token matches is tested separately).
   */
  async function csrfToken(): Promise<string> {
    if (!jar.has("csrftoken")) {
      const res = await request("/api/csrf");
      if (!res.ok) throw new Error(`GET /api/csrf: ${res.status}`);
    }
    const token = jar.get("csrftoken");
    if (!token) throw new Error("GET /api/csrf set no csrftoken cookie");
    return token;
  }

  return {
    jar,
    request,
    csrfToken,
    /** A tRPC call in the transformer's wire format ({ json: input }). */
    async trpc(path: string, input: unknown, kind: "query" | "mutation") {
      const res =
        kind === "query"
          ? await request(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
          : await request(`/trpc/${path}`, {
              method: "POST",
              headers: { "content-type": "application/json", "X-CSRFToken": await csrfToken() },
              body: JSON.stringify({ json: input }),
            });
      const text = await res.text();
      let body: { result?: { data?: { json?: unknown } }; error?: unknown } = {};
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`${path}: ${res.status} not JSON: ${text.slice(0, 200)}`);
      }
      return { status: res.status, body, data: body.result?.data?.json as Record<string, unknown> | null | undefined };
    },
    async graphql(query: string, variables: Record<string, unknown> = {}) {
      const res = await request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "X-CSRFToken": await csrfToken() },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] } };
    },
  };
}
