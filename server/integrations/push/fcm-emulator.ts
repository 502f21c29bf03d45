import { createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import { FCM_SCOPE, type FcmServiceAccount } from "./fcm";

export type FcmReceived = { projectId: string; message: { token: string; notification: { title: string; body: string }; data?: Record<string, string> } };

/**
 * A local stand-in for Google's OAuth token endpoint and the FCM HTTP v1 API, for tests and
 * offline development: an HTTP server on 127.0.0.1. `/token` accepts only service-account JWTs
 * signed with a key it was given (RS256, checked with the public key; issuer, audience, scope and
 * lifetime checked too) and hands out access tokens; `/v1/projects/{id}/messages:send` accepts only
 * those tokens and records the messages. `unregister(token)` makes it answer 404 UNREGISTERED for
 * a device token, as FCM does for an uninstalled app.
 */
export async function startFcmEmulator() {
  const publicKeys = new Map<string, string>(); // client_email -> PEM
  const accessTokens = new Map<string, { projectIds: Set<string>; expiresAt: number }>();
  const unregistered = new Set<string>();
  const received: FcmReceived[] = [];
  const projects = new Map<string, string>(); // client_email -> project id
  let tokenRequests = 0;

  const json = (status: number, body: unknown) => Response.json(body, { status });
  const googleError = (status: number, statusText: string, message: string, errorCode?: string) =>
    json(status, {
      error: {
        code: status,
        message,
        status: statusText,
        ...(errorCode ? { details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }] } : {}),
      },
    });

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method === "POST" && url.pathname === "/token") {
        tokenRequests++;
        const form = new URLSearchParams(await req.text());
        if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return json(400, { error: "unsupported_grant_type" });
        const claims = verifyJwt(form.get("assertion") ?? "", `${origin()}/token`);
        if (typeof claims === "string") return json(400, { error: "invalid_grant", error_description: claims });
        const token = `ya29.${randomBytes(24).toString("base64url")}`;
        accessTokens.set(token, { projectIds: new Set([projects.get(claims.iss)!]), expiresAt: Date.now() + 3600_000 });
        return json(200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
      }
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
      if (req.method === "POST" && send) {
        const projectId = decodeURIComponent(send[1]!);
        const bearer = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
        const grant = bearer ? accessTokens.get(bearer) : undefined;
        if (!grant || grant.expiresAt < Date.now()) return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
        if (!grant.projectIds.has(projectId)) return googleError(403, "PERMISSION_DENIED", "SenderId mismatch");
        const body = (await req.json().catch(() => null)) as { message?: FcmReceived["message"] } | null;
        const m = body?.message;
        if (!m?.token || typeof m.notification?.title !== "string" || typeof m.notification?.body !== "string") {
          return googleError(400, "INVALID_ARGUMENT", "Invalid message");
        }
        if (m.data && Object.values(m.data).some((v) => typeof v !== "string")) return googleError(400, "INVALID_ARGUMENT", "data values must be strings");
        if (unregistered.has(m.token)) return googleError(404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED");
        received.push({ projectId, message: m });
        return json(200, { name: `projects/${projectId}/messages/${randomBytes(8).toString("hex")}` });
      }
      return new Response("not found", { status: 404 });
    },
  });
  const origin = () => `http://127.0.0.1:${server.port}`;

  /** The claims of a valid assertion, or why it is not valid. */
  function verifyJwt(jwt: string, audience: string): { iss: string } | string {
    const [h, c, s] = jwt.split(".");
    if (!h || !c || !s) return "malformed JWT";
    let header: { alg?: string };
    let claims: { iss?: string; scope?: string; aud?: string; iat?: number; exp?: number };
    try {
      header = JSON.parse(Buffer.from(h, "base64url").toString("utf8"));
      claims = JSON.parse(Buffer.from(c, "base64url").toString("utf8"));
    } catch {
      return "malformed JWT";
    }
    if (header.alg !== "RS256") return "alg must be RS256";
    const key = claims.iss ? publicKeys.get(claims.iss) : undefined;
    if (!key) return "unknown issuer";
    if (!createVerify("RSA-SHA256").update(`${h}.${c}`).verify(key, Buffer.from(s, "base64url"))) return "invalid signature";
    if (claims.aud !== audience) return "wrong audience";
    if (claims.scope?.split(" ").includes(FCM_SCOPE) !== true) return "missing scope";
    const now = Date.now() / 1000;
    if (typeof claims.iat !== "number" || typeof claims.exp !== "number" || claims.iat > now + 60 || claims.exp < now || claims.exp - claims.iat > 3600) {
      return "invalid lifetime";
    }
    return { iss: claims.iss! };
  }

  return {
    url: origin(),
    received,
    get tokenRequests() {
      return tokenRequests;
    },
    /** A fresh RSA key pair and a service account (as in Google's key file) whose tokens this emulator accepts. */
    serviceAccount(projectId = "kickrunde-test"): FcmServiceAccount & { type: string } {
      const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const clientEmail = `push-${randomBytes(4).toString("hex")}@${projectId}.iam.gserviceaccount.com`;
      publicKeys.set(clientEmail, publicKey.export({ type: "spki", format: "pem" }).toString());
      projects.set(clientEmail, projectId);
      return {
        type: "service_account",
        project_id: projectId,
        client_email: clientEmail,
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        token_uri: `${origin()}/token`,
      };
    },
    unregister(deviceToken: string) {
      unregistered.add(deviceToken);
    },
    /** Waits until a message for this device token arrived. */
    async next(deviceToken: string, timeoutMs = 5000): Promise<FcmReceived> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find((r) => r.message.token === deviceToken);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no FCM message for ${deviceToken} within ${timeoutMs} ms`);
        await Bun.sleep(50);
      }
    },
    close: () => server.stop(true),
  };
}
export type FcmEmulator = Awaited<ReturnType<typeof startFcmEmulator>>;
