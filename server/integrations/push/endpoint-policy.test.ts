import { afterAll, describe, expect, test } from "bun:test";
import { createECDH, randomBytes } from "node:crypto";
import tls from "node:tls";
import { createLogger } from "../../lib/logger";
import { checkAddress, checkEndpoint, DEFAULT_WEB_PUSH_HOSTS, parsePushHosts, resolveEndpoint, systemResolver, type WebPushPolicy } from "./endpoint-policy";
import { createPush, generateVapidKeys } from "./web-push";
import { countingListener } from "../../testing/counting-listener";

const strict: WebPushPolicy = { hosts: parsePushHosts(DEFAULT_WEB_PUSH_HOSTS), allowPrivate: false };
const vapid = { ...generateVapidKeys(), subject: "mailto:test@example.com" };
const logger = createLogger("silent");
const message = { title: "t", body: "b", url: "/" };
/** A browser's subscription keys (the payload is encrypted to them). */
const subscriptionKeys = () => ({ p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") });

describe("allow-list entries", () => {
  test("hosts, *.domains, host:port and host:* parse; anything else is refused", () => {
    expect(parsePushHosts(" FCM.googleapis.com , *.push.apple.com,127.0.0.1:8080,[::1]:*")).toEqual([
      { host: "fcm.googleapis.com", suffix: false, port: "" },
      { host: "push.apple.com", suffix: true, port: "" },
      { host: "127.0.0.1", suffix: false, port: "8080" },
      { host: "[::1]", suffix: false, port: "*" },
    ]);
    for (const bad of ["", " , ", "https://fcm.googleapis.com", "fcm.googleapis.com/path", "*", "*.[::1]", "a b", "host:99999", "user@host"]) {
      expect(() => parsePushHosts(bad)).toThrow();
    }
  });
});

describe("endpoints (registration and before each send)", () => {
  test.each([
    "https://fcm.googleapis.com/fcm/send/abc:APA91b",
    "https://fcm.googleapis.com/wp/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    "https://fcm.googleapis.com:443/fcm/send/x",
  ])("the real push services are accepted: %s", (endpoint) => {
    expect(checkEndpoint(strict, endpoint)).toBeNull();
  });

  test.each([
    "http://127.0.0.1:4000/push/x",
    "https://127.0.0.1/push/x",
    "https://evil.example/push/x",
    "https://[::1]/push/x",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/push",
    "https://[::ffff:127.0.0.1]/x",
    "https://2130706433/x",
    "http://fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://user:secret@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evilfcm.googleapis.com/x",
    "https://push.apple.com/x",
    "https://localhost/x",
    "ftp://fcm.googleapis.com/x",
    "not a url",
  ])("anything else is refused: %s", (endpoint) => {
    expect(checkEndpoint(strict, endpoint)).not.toBeNull();
  });

  test("the escape hatch allows http and private addresses, but only for listed hosts and ports", () => {
    const local: WebPushPolicy = { hosts: parsePushHosts("127.0.0.1:4000"), allowPrivate: true };
    expect(checkEndpoint(local, "http://127.0.0.1:4000/push/x")).toBeNull();
    expect(checkEndpoint(local, "http://127.0.0.1:4001/push/x")).not.toBeNull();
    expect(checkEndpoint(local, "http://10.0.0.1:4000/push/x")).not.toBeNull();
    expect(checkEndpoint(local, "https://evil.example/push/x")).not.toBeNull();
  });
});

describe("addresses", () => {
  test.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "64:ff9b::a00:1",
    "2002:a00:1::",
    "2001:db8::1",
  ])("a non-public address is refused: %s", (address) => {
    expect(checkAddress(strict, address)).not.toBeNull();
  });

  test.each(["142.250.185.106", "2a00:1450:4001:82b::200a", "17.57.146.52"])("a public address is allowed: %s", (address) => {
    expect(checkAddress(strict, address)).toBeNull();
  });

  test("every resolved address must be public; IPv4 comes first", async () => {
    const url = new URL("https://fcm.googleapis.com/fcm/send/x");
    expect(await resolveEndpoint(strict, url, async () => ["142.250.185.106", "10.0.0.1"])).toEqual({ refused: expect.stringContaining("10.0.0.1") });
    expect(await resolveEndpoint(strict, url, async () => ["2a00:1450:4001:82b::200a", "142.250.185.106"])).toEqual({
      addresses: ["142.250.185.106", "2a00:1450:4001:82b::200a"],
    });
  });
});

describe("sending", () => {
  const servers: Array<() => void> = [];
  afterAll(() => servers.forEach((stop) => stop()));

  function listener() {
    const l = countingListener();
    servers.push(l.stop);
    return l;
  }

  test("an endpoint off the list is never contacted", async () => {
    const l = listener();
    const push = createPush({ vapid, logger, policy: strict });
    const keys = subscriptionKeys();
    expect(await push.sendWeb({ endpoint: `http://127.0.0.1:${l.port}/push/x`, keys }, message)).toBe("not-allowed");
    expect(await push.sendWeb({ endpoint: `https://127.0.0.1:${l.port}/push/x`, keys }, message)).toBe("not-allowed");
    expect(await l.connectionsSoFar()).toBe(0);
  });

  test("an allowed host that resolves to a private address is refused at send time (no escape hatch)", async () => {
    const l = listener();
    let lookups = 0;
    const push = createPush({
      vapid,
      logger,
      policy: { hosts: parsePushHosts(`localhost:${l.port},push.example`), allowPrivate: false },
      // push.example: one public and one private record (a rebinding-style name)
      resolve: async (host) => {
        lookups++;
        return host === "push.example" ? ["93.184.215.14", "127.0.0.1"] : systemResolver(host);
      },
    });
    const keys = subscriptionKeys();
    expect(push.acceptsEndpoint(`https://localhost:${l.port}/push/x`)).toBe(true);
    expect(await push.sendWeb({ endpoint: `https://localhost:${l.port}/push/x`, keys }, message)).toBe("private-address");
    expect(await push.sendWeb({ endpoint: "https://push.example/push/x", keys }, message)).toBe("private-address");
    expect(lookups).toBe(2);
    expect(await l.connectionsSoFar()).toBe(0);
  });

  test("the request goes to the checked address, with the real name as Host, SNI and certificate name", async () => {
    const seen: { sni?: string; head?: string }[] = [];
    const server = tls.createServer({ cert: PUSH_TEST_CERT, key: PUSH_TEST_KEY }, (socket) => {
      const entry: { sni?: string; head?: string } = { sni: (socket as unknown as { servername?: string }).servername };
      seen.push(entry);
      let buffer = "";
      socket.on("data", (chunk) => {
        buffer += chunk.toString("latin1");
        if (!entry.head && buffer.includes("\r\n\r\n")) {
          entry.head = buffer.slice(0, buffer.indexOf("\r\n\r\n"));
          socket.end("HTTP/1.1 201 Created\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(() => server.close());
    const port = (server.address() as { port: number }).port;
    const lookups: string[] = [];
    // push.test exists in no DNS: only a connection to the resolved address can reach the server.
    const push = createPush({
      vapid,
      logger,
      ca: PUSH_TEST_CERT,
      policy: { hosts: parsePushHosts(`push.test:${port}`), allowPrivate: true },
      resolve: async (host) => {
        lookups.push(host);
        return ["127.0.0.1"];
      },
    });
    const keys = subscriptionKeys();
    expect(await push.sendWeb({ endpoint: `https://push.test:${port}/push/abc`, keys }, message)).toBe("sent");
    expect(lookups).toEqual(["push.test"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.sni).toBe("push.test");
    expect(seen[0]!.head).toStartWith("POST /push/abc HTTP/1.1");
    expect(seen[0]!.head!.toLowerCase()).toContain(`host: push.test:${port}`);
    expect(seen[0]!.head!.toLowerCase()).toContain("authorization: vapid t=");
  });

  test("a redirect is not followed", async () => {
    const target = listener();
    const redirecting = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => Response.redirect(`http://127.0.0.1:${target.port}/x`, 307) });
    servers.push(() => redirecting.stop(true));
    const push = createPush({ vapid, logger, policy: { hosts: parsePushHosts(`127.0.0.1:${redirecting.port}`), allowPrivate: true } });
    const keys = subscriptionKeys();
    await expect(push.sendWeb({ endpoint: `http://127.0.0.1:${redirecting.port}/push/x`, keys }, message)).rejects.toThrow(/307 \(redirects are not followed\)/);
    expect(await target.connectionsSoFar()).toBe(0);
  });
});

/** A self-signed certificate for "push.test" (valid until 2126), used only by the pinning test above. */
const PUSH_TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUL1uAcERUbSK3kP91rSxGQAmO3yEwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJcHVzaC50ZXN0MCAXDTI2MTEyMzA1MzUxN1oYDzIxMjYxMDMw
MDUzNTE3WjAUMRIwEAYDVQQDDAlwdXNoLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARq1cku87CyQLTmcF/n3tpQ8YVs5a64lFAheuKr/13UvQ3JEXMOQieI
HnoS+DmZ7DLK407S/nw6EAp/GjHsOlXxo2kwZzAdBgNVHQ4EFgQUVTo5fL3GHGi8
dnVk2XQK9zwwUDkwHwYDVR0jBBgwFoAUVTo5fL3GHGi8dnVk2XQK9zwwUDkwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglwdXNoLnRlc3QwCgYIKoZIzj0EAwID
SAAwRQIhAJm47k43fsnzSrKZna0yqoBhlmIsJOzwJyng8VzEPqMsAiAi5uFWUX/Y
1UY44aTAUIMSlybHehTq3cLk3SiCGBBdVg==
-----END CERTIFICATE-----
`;
const PUSH_TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgVh4h4rX3gPDi8bQl
Om5n+2y1l7qu9+aZMYN2zbJTqPihRANCAARq1cku87CyQLTmcF/n3tpQ8YVs5a64
lFAheuKr/13UvQ3JEXMOQieIHnoS+DmZ7DLK407S/nw6EAp/GjHsOlXx
-----END PRIVATE KEY-----
`;
