import { afterAll, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { parseEnvelope, startTelemetryEmulator } from "./emulator";

const emulator = startTelemetryEmulator();
afterAll(() => emulator.stop());

describe("the telemetry emulator", () => {
  test("parses envelopes with and without item lengths, also gzipped, and takes the key from the query or the auth header", async () => {
    const attachment = "line one\nline two";
    const body = [
      JSON.stringify({ event_id: "abc" }),
      JSON.stringify({ type: "event" }),
      JSON.stringify({ message: "hello", release: "1.0.0" }),
      JSON.stringify({ type: "attachment", length: new TextEncoder().encode(attachment).length }),
      attachment,
      "",
    ].join("\n");
    expect(parseEnvelope(new TextEncoder().encode(body)).items).toEqual([
      { type: "event", payload: { message: "hello", release: "1.0.0" } },
      { type: "attachment", payload: attachment },
    ]);
    await fetch(`${emulator.origin}/api/5/envelope/?sentry_key=k1&sentry_version=7`, { method: "POST", body });
    await fetch(`${emulator.origin}/api/6/envelope/`, {
      method: "POST",
      body: gzipSync(body),
      headers: { "content-encoding": "gzip", "x-sentry-auth": "Sentry sentry_version=7, sentry_key=k2", cookie: "a=b" },
    });
    expect(emulator.envelopes().map((e) => [e.projectId, e.key, e.cookie, e.header.event_id])).toEqual([
      ["5", "k1", false, "abc"],
      ["6", "k2", true, "abc"],
    ]);
    expect(emulator.errorEvents().map((e) => e.message)).toEqual(["hello", "hello"]);
    const bad = await fetch(`${emulator.origin}/api/5/envelope/`, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
  });

  test("records tracker hits from the query, a form body and a bulk body; answers browsers with CORS", async () => {
    emulator.clear();
    const get = await fetch(`${emulator.trackerUrl}/matomo.php?idsite=2&rec=1&action_name=Feed`);
    expect(get.status).toBe(204);
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    await fetch(`${emulator.trackerUrl}/matomo.php`, { method: "POST", body: new URLSearchParams({ idsite: "2", rec: "1", ping: "1" }) });
    await fetch(`${emulator.trackerUrl}/matomo.php`, { method: "POST", body: JSON.stringify({ requests: ["?idsite=2&rec=1&url=a", "?idsite=2&rec=1&url=b"] }) });
    expect(emulator.hits().map((h) => [h.method, h.params.action_name ?? h.params.ping ?? h.params.url])).toEqual([
      ["GET", "Feed"],
      ["POST", "1"],
      ["POST", "a"],
      ["POST", "b"],
    ]);
    expect((await fetch(`${emulator.origin}/elsewhere`)).status).toBe(404);
  });
});
