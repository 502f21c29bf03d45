import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import type { WebPushSubscription } from "./web-push";

/** A push as the browser would see it after decryption, with the request headers the push service got. */
export type ReceivedPush = { subscriptionId: string; payload: unknown; headers: Record<string, string> };

type Keys = { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; auth: Buffer };

/**
 * A local push service for tests and offline development: an HTTP server on 127.0.0.1 that hands
 * out subscriptions (with their private keys kept here), receives pushes, checks the VAPID header
 * is there and decrypts the aes128gcm body (RFC 8188 / RFC 8291) so a test reads the real payload.
 * `gone(id)` makes it answer 410 for that subscription, as a push service does for a dead one.
 * The server sends to it only when configured to (WEB_PUSH_HOSTS=127.0.0.1:<port> and
 * WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS=true, which production refuses); testing/test-db.ts starts one per run.
 */
export async function startTestPushEndpoint() {
  const keys = new Map<string, Keys>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const id = new URL(req.url).pathname.replace(/^\/push\//, "");
      if (req.method !== "POST" || !keys.has(id)) return new Response("no such subscription", { status: 404 });
      if (gone.has(id)) return new Response("gone", { status: 410 });
      const headers = Object.fromEntries(req.headers.entries());
      if (!/^vapid t=.+, k=.+/.test(headers.authorization ?? "")) return new Response("missing VAPID", { status: 401 });
      if (headers["content-encoding"] !== "aes128gcm") return new Response("unsupported encoding", { status: 415 });
      let payload: unknown;
      try {
        payload = JSON.parse(decrypt(keys.get(id)!, Buffer.from(await req.arrayBuffer())).toString("utf8"));
      } catch (error) {
        return new Response(`cannot decrypt: ${String(error)}`, { status: 400 });
      }
      received.push({ subscriptionId: id, payload, headers });
      for (const wake of waiters.splice(0)) wake();
      return new Response(null, { status: 201 });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    /** A browser-like subscription whose pushes this endpoint can decrypt. */
    subscribe(): WebPushSubscription & { id: string } {
      const id = randomBytes(8).toString("hex");
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, publicKey, auth });
      return { id, endpoint: `http://127.0.0.1:${server.port}/push/${id}`, keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") } };
    },
    gone(id: string) {
      gone.add(id);
    },
    /** Waits until a push for `subscriptionId` arrived (or any push, without it). */
    async next(subscriptionId?: string, timeoutMs = 5000): Promise<ReceivedPush> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find((r) => !subscriptionId || r.subscriptionId === subscriptionId);
        if (hit) return hit;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no push for ${subscriptionId ?? "any subscription"} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => server.stop(true),
  };
}
export type TestPushEndpoint = Awaited<ReturnType<typeof startTestPushEndpoint>>;

/** RFC 8291 section 3.4 key derivation, then RFC 8188 single-record aes128gcm decryption. */
function decrypt(keys: Keys, body: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const sharedSecret = keys.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The plaintext ends with the delimiter 0x02 (last record) followed by optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("bad record delimiter");
  return padded.subarray(0, end);
}
