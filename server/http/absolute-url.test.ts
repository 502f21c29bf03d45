import { afterAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { withAbsoluteUrl } from "./absolute-url";

/** Sends raw bytes (an HTTP/1.0 request without Host, as haproxy's default check) and reads the whole answer. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("requests without a Host header", () => {
  const seen: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: async (req) => {
      seen.push(req.url);
      const fixed = withAbsoluteUrl(req, "https://kickrunde.example");
      const url = new URL(fixed.url);
      return new Response(`${fixed.method} ${url.href} ${fixed.method === "POST" ? await fixed.text() : ""}`);
    },
  });
  afterAll(() => server.stop(true));

  test("an absolute URL passes unchanged", () => {
    const req = new Request("http://127.0.0.1:3000/api/ready");
    expect(withAbsoluteUrl(req, "https://kickrunde.example")).toBe(req);
  });

  test("an HTTP/1.0 GET without Host is read against the public address", async () => {
    const answer = await raw(server.port!, "GET /api/ready?x=1 HTTP/1.0\r\n\r\n");
    expect(answer).toStartWith("HTTP/1.");
    expect(answer).toContain(" 200 ");
    expect(answer).toContain("GET https://kickrunde.example/api/ready?x=1");
    // the case itself: Bun handed the handler a bare path
    expect(seen.at(-1)).toBe("/api/ready?x=1");
  });

  test("a POST keeps its method and body", async () => {
    const answer = await raw(server.port!, 'POST /trpc/x HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    expect(answer).toContain("POST https://kickrunde.example/trpc/x {}");
  });
});
