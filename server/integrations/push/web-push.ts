import { createHash } from "node:crypto";
import type * as WebPushLibrary from "web-push";
import type { Logger } from "../../lib/logger";
import { checkEndpoint, resolveEndpoint, systemResolver, type Resolver, type WebPushPolicy } from "./endpoint-policy";

/** What a push shows (client/public/sw.js reads exactly these fields). */
export type PushMessage = { title: string; body: string; url: string; icon?: string; tag?: string };

/** A browser's PushSubscription as the client serialises it (PushSubscription.toJSON()). */
export type WebPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * "gone": the push service answered 404/410, the subscription is dead and must be removed.
 * "not-allowed": the endpoint is not on a push service we send to (WEB_PUSH_HOSTS, https); it never
 * will be under this configuration, so the device is removed too. "private-address": the host
 * resolved to a non-public address right now; nothing was sent and the job is not retried.
 */
export type PushResult = "sent" | "gone" | "not-allowed" | "private-address";

export type Push = {
  vapidPublicKey: string;
  /** Whether a subscription with this endpoint may be registered (endpoint-policy.ts, without DNS). */
  acceptsEndpoint(endpoint: string): boolean;
  sendWeb(subscription: WebPushSubscription, message: PushMessage): Promise<PushResult>;
};

/** The device token the app uses for a web-push subscription: stable per endpoint, short, not the capability URL itself. */
export function webPushDeviceToken(endpoint: string): string {
  return `wp_${createHash("sha256").update(endpoint).digest("base64url").slice(0, 32)}`;
}

/** Connection errors after which the next resolved address is tried (nothing reached the service). */
const CONNECT_FAILED = new Set(["ECONNREFUSED", "ENETUNREACH", "EHOSTUNREACH", "EADDRNOTAVAIL", "ConnectionRefused", "FailedToOpenSocket"]);

/**
 * `web-push` (with its JWT and ECE libraries) is loaded on the first push sent or key pair made, not when the server
 * starts (server/README.md "Cold start"). `require` keeps it synchronous, and the bundled binary evaluates the library
 * only then.
 */
let webPushLibrary: typeof WebPushLibrary | undefined;
function webpush(): typeof WebPushLibrary {
  webPushLibrary ??= require("web-push") as typeof WebPushLibrary;
  return webPushLibrary;
}

/**
 * Web push over the `web-push` package: it builds the encrypted (aes128gcm) request with VAPID
 * auth, and we send it with fetch, because its own sendNotification always speaks https and the
 * local push endpoint in tests is plain http (stack.md). Anything other than 2xx, 404 or 410
 * throws, so the send-push job retries with back-off.
 *
 * The endpoint is a URL the client chose, so before each send it is checked again against the
 * policy (endpoint-policy.ts), its host is resolved once, every address must be public, and the
 * request goes to the checked address itself: the URL carries the IP, while `Host`, TLS SNI and
 * the certificate check use the real name (Bun's `tls.serverName`), so a second DNS answer
 * (rebinding) cannot redirect it. Redirects are not followed.
 * `resolve` and `ca` exist for callers with their own DNS or a TLS-inspecting proxy (and tests).
 */
export function createPush(opts: {
  vapid: VapidKeys;
  logger: Logger;
  policy: WebPushPolicy;
  ttlSeconds?: number;
  resolve?: Resolver;
  ca?: string;
}): Push {
  const resolve = opts.resolve ?? systemResolver;
  return {
    vapidPublicKey: opts.vapid.publicKey,
    acceptsEndpoint: (endpoint) => checkEndpoint(opts.policy, endpoint) === null,
    async sendWeb(subscription, message) {
      const refusal = checkEndpoint(opts.policy, subscription.endpoint);
      if (refusal) {
        opts.logger.warn("web push refused: endpoint not allowed", { reason: refusal });
        return "not-allowed";
      }
      const url = new URL(subscription.endpoint);
      const target = await resolveEndpoint(opts.policy, url, resolve);
      if ("refused" in target) {
        opts.logger.warn("web push refused: push service resolves to a non-public address", { reason: target.refused });
        return "private-address";
      }
      const request = webpush().generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: opts.vapid,
        TTL: opts.ttlSeconds ?? 24 * 3600,
        contentEncoding: "aes128gcm",
        urgency: "high",
      });
      let response: Response | undefined;
      for (const [i, address] of target.addresses.entries()) {
        const pinned = new URL(url);
        pinned.hostname = address.includes(":") ? `[${address}]` : address;
        try {
          response = await fetch(pinned, {
            method: request.method,
            headers: { ...(request.headers as Record<string, string>), host: url.host },
            body: request.body as unknown as BodyInit,
            redirect: "manual",
            signal: AbortSignal.timeout(10_000),
            ...(url.protocol === "https:" ? { tls: { serverName: url.hostname, ...(opts.ca ? { ca: opts.ca } : {}) } } : {}),
          });
          break;
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (i < target.addresses.length - 1 && typeof code === "string" && CONNECT_FAILED.has(code)) continue;
          throw error;
        }
      }
      if (!response) throw new Error(`no address of ${url.hostname} answered`);
      if (response.status === 404 || response.status === 410) return "gone";
      if (!response.ok) {
        const text = await response.text().catch(() => "");
        throw new Error(`push service answered ${response.status}${response.status >= 300 && response.status < 400 ? " (redirects are not followed)" : ""}: ${text.slice(0, 200)}`);
      }
      return "sent";
    },
  };
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush().generateVAPIDKeys();
}
