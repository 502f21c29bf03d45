import { createHash } from "node:crypto";
import webpush from "web-push";
import type { Logger } from "../../lib/logger";

/** What a push shows (client/public/sw.js reads exactly these fields). */
export type PushMessage = { title: string; body: string; url: string; icon?: string; tag?: string };

/** A browser's PushSubscription as the client serialises it (PushSubscription.toJSON()). */
export type WebPushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** "gone": the push service answered 404/410, the subscription is dead and must be removed. */
export type PushResult = "sent" | "gone";

export type Push = {
  vapidPublicKey: string;
  sendWeb(subscription: WebPushSubscription, message: PushMessage): Promise<PushResult>;
};

/** The device token the app uses for a web-push subscription: stable per endpoint, short, not the capability URL itself. */
export function webPushDeviceToken(endpoint: string): string {
  return `wp_${createHash("sha256").update(endpoint).digest("base64url").slice(0, 32)}`;
}

/**
 * Web push over the `web-push` package: it builds the encrypted (aes128gcm) request with VAPID
 * auth, and we send it with fetch, because its own sendNotification always speaks https and the
 * local push endpoint in tests is plain http (stack.md). Anything other than 2xx, 404 or 410
 * throws, so the send-push job retries with back-off.
 */
export function createPush(opts: { vapid: VapidKeys; logger: Logger; ttlSeconds?: number }): Push {
  return {
    vapidPublicKey: opts.vapid.publicKey,
    async sendWeb(subscription, message) {
      const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: opts.vapid,
        TTL: opts.ttlSeconds ?? 24 * 3600,
        contentEncoding: "aes128gcm",
        urgency: "high",
      });
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body as unknown as BodyInit,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404 || response.status === 410) return "gone";
      if (!response.ok) {
        const text = await response.text().catch(() => "");
        throw new Error(`push service answered ${response.status}: ${text.slice(0, 200)}`);
      }
      return "sent";
    },
  };
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
