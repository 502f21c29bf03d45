import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PushMessage, PushResult } from "./web-push";

/** The parts of a Google service-account key file the sender uses. */
export type FcmServiceAccount = { project_id: string; client_email: string; private_key: string; token_uri: string };

/** FCM configuration (server/config.ts): the service account and the API's base address. */
export type FcmConfig = { serviceAccount: FcmServiceAccount; baseUrl: string };

export const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const DEFAULT_TOKEN_URI = "https://oauth2.googleapis.com/token";

/**
 * Reads FCM_SERVICE_ACCOUNT_JSON: the JSON itself or a path to the key file. Throws a plain
 * message naming what is missing; config.ts turns it into a ConfigError.
 */
export function parseServiceAccount(value: string): FcmServiceAccount {
  const json = value.trim().startsWith("{") ? value : readFileSync(value.trim(), "utf8");
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new Error("is not valid JSON (nor a path to a JSON file)");
  }
  const missing = ["project_id", "client_email", "private_key"].filter((k) => typeof raw[k] !== "string" || !raw[k]);
  if (missing.length) throw new Error(`misses ${missing.join(", ")}`);
  return {
    project_id: raw.project_id as string,
    client_email: raw.client_email as string,
    private_key: raw.private_key as string,
    token_uri: typeof raw.token_uri === "string" && raw.token_uri ? raw.token_uri : DEFAULT_TOKEN_URI,
  };
}

export type FcmSender = { send(deviceToken: string, message: PushMessage): Promise<PushResult> };

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** The OAuth 2.0 service-account assertion (RFC 7523): an RS256 JWT signed with the account's private key. */
export function serviceAccountAssertion(account: FcmServiceAccount, nowSeconds: number): string {
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = b64url(JSON.stringify({ iss: account.client_email, scope: FCM_SCOPE, aud: account.token_uri, iat: nowSeconds, exp: nowSeconds + 3600 }));
  const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${b64url(signature)}`;
}

/**
 * Native pushes through the Firebase Cloud Messaging HTTP v1 API, with fetch: the service-account
 * JWT is exchanged at the account's token URI for an access token (kept until shortly before it
 * expires), then each message is POSTed to messages:send. A 404 / UNREGISTERED answer means the
 * app was uninstalled or the token rotated: "gone", the caller removes the device. Anything else
 * that is not 2xx throws, so the send-push job retries with back-off. Token lifetimes use the real
 * clock (Google checks them against real time), not the app's test clock.
 */
export function createFcmSender(config: FcmConfig): FcmSender {
  const account = config.serviceAccount;
  const sendUrl = `${config.baseUrl.replace(/\/$/, "")}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchAccessToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const response = await fetch(account.token_uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: serviceAccountAssertion(account, now) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`FCM token endpoint answered ${response.status}: ${(await response.text().catch(() => "")).slice(0, 200)}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error("FCM token endpoint sent no access_token");
    // Renew a minute early so a token never expires between reading and using it.
    cached = { token: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    pending ??= fetchAccessToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  return {
    async send(deviceToken, message) {
      const token = await accessToken();
      const data: Record<string, string> = { url: message.url };
      if (message.tag) data.tag = message.tag;
      const response = await fetch(sendUrl, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ message: { token: deviceToken, notification: { title: message.title, body: message.body }, data } }),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return "sent";
      const text = await response.text().catch(() => "");
      if (response.status === 404 || text.includes("UNREGISTERED")) return "gone";
      if (response.status === 401) cached = null; // revoked or expired early: the retry fetches a new one
      throw new Error(`FCM answered ${response.status}: ${text.slice(0, 200)}`);
    },
  };
}

const senders = new WeakMap<FcmConfig, FcmSender>();

/** One sender (and so one cached access token) per configuration. */
export function fcmSenderFor(config: FcmConfig): FcmSender {
  let sender = senders.get(config);
  if (!sender) senders.set(config, (sender = createFcmSender(config)));
  return sender;
}
