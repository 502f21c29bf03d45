import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CSRF_HEADER } from "@shared/constants";
import type { Deps } from "../../context";
import { createSession } from "../auth/sessions";
import { createUser } from "../../testing/factories";
import { startServerProcess, type ServerProcess } from "../../testing/server-process";
import { testDeps } from "../../testing/test-db";

/**
 * Two server processes on one PostgreSQL: a direct message written through one reaches a chat open
 * (server-sent events) on the other within a second, fanned out by LISTEN/NOTIFY.
 */
let deps: Deps;
const servers: ServerProcess[] = [];

describe.skipIf(!process.env.DATABASE_URL)("live chat across servers", () => {
  beforeAll(async () => {
    deps = await testDeps();
    servers.push(await startServerProcess(deps.database.url!), await startServerProcess(deps.database.url!));
  }, 30_000);
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  test("a message sent on server A arrives on server B's open stream within a second", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const sender = await createUser(deps);
    const receiver = await createUser(deps);
    const senderToken = (await createSession(deps, sender.id, "test")).token;
    const receiverToken = (await createSession(deps, receiver.id, "test")).token;

    const abort = new AbortController();
    const stream = await fetch(`${b.url}/trpc/chat.onDirectMessage`, {
      headers: { cookie: `session=${receiverToken}`, accept: "text/event-stream" },
      signal: abort.signal,
    });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    let text = "";
    const lineOf = async (match: (line: string) => boolean) => {
      for (;;) {
        const line = text.split("\n").find(match);
        if (line) return line;
        const { value, done } = await reader.read();
        if (done) return null;
        text += new TextDecoder().decode(value);
      }
    };
    // tRPC's first event. Server B pulls the procedure's stream (and so subscribes to the realtime channel)
    // in the same turn in which it queues this event, before the bytes leave: once it is here, nothing is missed.
    expect(await lineOf((l) => l === "event: connected")).toBe("event: connected");
    const received = lineOf((l) => l.startsWith("data: ") && l.includes('"id"')).then((data) => (data === null ? null : { data }));

    const csrf = "c".repeat(48);
    const res = await fetch(`${a.url}/trpc/chat.createDirectMessage`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `session=${senderToken}; csrftoken=${csrf}`, [CSRF_HEADER]: csrf, origin: a.url },
      body: JSON.stringify({ json: { receiverId: receiver.id, text: "Live?" } }),
    });
    const { result } = (await res.json()) as { result: { data: { json: { id: number } } } };
    // The bar: within a second; a later arrival counts as missing.
    const event = await Promise.race([received, Bun.sleep(1000).then(() => null)]);
    abort.abort();
    expect(event).not.toBeNull();
    expect(event!.data).toContain(String(result.data.json.id));
  }, 30_000);
});
