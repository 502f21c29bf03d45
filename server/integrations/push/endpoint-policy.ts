import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/**
 * Which web-push endpoints the server may POST to. A push subscription's endpoint is a URL the
 * browser (and so, for us, any caller) chooses; without this rule the server would POST, with our
 * VAPID signature, to whatever address it is given (SSRF). House rule: the server never fetches a
 * URL a user chose unless its host is allow-listed and its resolved address is public.
 *
 * The default hosts are the push services browsers really hand out endpoints for:
 * - fcm.googleapis.com: Chrome and every Chromium browser using Google's push (Opera, Samsung
 *   Internet, Brave when enabled), endpoints `https://fcm.googleapis.com/fcm/send/…` and `/wp/…`;
 * - updates.push.services.mozilla.com: Firefox (autopush), `https://updates.push.services.mozilla.com/wpush/v2/…`;
 * - *.push.apple.com: Safari 16+ on macOS, iOS/iPadOS 16.4+ home-screen apps (`https://web.push.apple.com/…`;
 *   Apple asks servers to allow `*.push.apple.com`);
 * - *.notify.windows.com: Edge on Windows (WNS, e.g. `https://wns2-par02p.notify.windows.com/w/?token=…`).
 * `push.services.mozilla.com` is left out: it is the WebSocket host Firefox itself connects to,
 * never an endpoint. The legacy `android.googleapis.com/gcm` endpoints died with GCM (2019).
 */
export const DEFAULT_WEB_PUSH_HOSTS = "fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com";

/**
 * One allow-list entry. `suffix`: `*.example.com` matches any subdomain of example.com (not the
 * domain itself). `port`: "" matches only the scheme's default port (every real push service),
 * "*" any port, else exactly that port.
 */
export type PushHostRule = { host: string; suffix: boolean; port: string };

export type WebPushPolicy = {
  hosts: PushHostRule[];
  /** Tests and offline development only (refused in production): plain http and non-public addresses. */
  allowPrivate: boolean;
};

const HOST_ENTRY = /^(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/;

/** Parses WEB_PUSH_HOSTS (comma-separated); throws with the offending entry. */
export function parsePushHosts(list: string): PushHostRule[] {
  const entries = list
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("list at least one host");
  return entries.map((entry) => {
    const m = HOST_ENTRY.exec(entry);
    if (!m || (m[3] && m[3] !== "*" && Number(m[3]) > 65535)) throw new Error(`"${entry}" is not a host, *.domain or host:port`);
    if (m[1] && m[2]!.startsWith("[")) throw new Error(`"${entry}": a wildcard needs a domain`);
    return { host: m[2]!, suffix: Boolean(m[1]), port: m[3] ?? "" };
  });
}

/** Why an endpoint or address was refused (for the log), or null when it is allowed. */
export type Refusal = string | null;

function hostMatches(rule: PushHostRule, url: URL): boolean {
  const portOk = rule.port === "*" || rule.port === url.port;
  if (!portOk) return false;
  return rule.suffix ? url.hostname.endsWith(`.${rule.host}`) : url.hostname === rule.host;
}

/** The address inside an IP-literal host (`[::1]` → `::1`), or null for a name. */
function ipLiteral(hostname: string): string | null {
  // The URL parser already turned every IPv4 spelling (0x7f.1, 2130706433) into dotted decimal.
  if (hostname.startsWith("[") && hostname.endsWith("]")) return hostname.slice(1, -1);
  return ipaddr.IPv4.isValidFourPartDecimal(hostname) ? hostname : null;
}

/** Whether the server may send to this address: only public unicast, unless private endpoints are allowed. */
export function checkAddress(policy: WebPushPolicy, address: string): Refusal {
  if (!ipaddr.isValid(address)) return `not an IP address: ${address}`;
  const range = ipaddr.parse(address).range();
  // Everything but public unicast: loopback, private, link-local (cloud metadata), unique-local,
  // carrier-grade NAT, multicast, unspecified, reserved, IPv4-mapped, 6to4, NAT64, Teredo, ...
  if (range !== "unicast" && !policy.allowPrivate) return `address ${address} is ${range}, not public`;
  return null;
}

/**
 * The check at registration and again before each send, without DNS: https (http only with the
 * private escape hatch), no credentials in the URL, host (and port) on the allow-list, and an
 * IP-literal host must itself be a public address.
 */
export function checkEndpoint(policy: WebPushPolicy, endpoint: string): Refusal {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowPrivate)) return `scheme ${url.protocol} not allowed`;
  if (url.username || url.password) return "credentials in the URL";
  if (!policy.hosts.some((rule) => hostMatches(rule, url))) return `host ${url.host} not on WEB_PUSH_HOSTS`;
  const literal = ipLiteral(url.hostname);
  return literal ? checkAddress(policy, literal) : null;
}

/** Resolves a host name to all its addresses (A and AAAA). Tests inject their own. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Resolves the endpoint's host and checks every address it resolves to (an attacker-run name with
 * one public and one private record must not get through either). Returns the addresses to connect
 * to, IPv4 first, so the caller connects to exactly what was checked (no second lookup to rebind).
 */
export async function resolveEndpoint(policy: WebPushPolicy, url: URL, resolve: Resolver): Promise<{ addresses: string[] } | { refused: string }> {
  const literal = ipLiteral(url.hostname);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = await resolve(url.hostname);
    } catch (error) {
      // Unresolvable now: let the caller treat it as a failed delivery (the job retries).
      throw new Error(`cannot resolve ${url.hostname}: ${String(error)}`);
    }
  }
  if (addresses.length === 0) throw new Error(`${url.hostname} has no addresses`);
  for (const address of addresses) {
    const refusal = checkAddress(policy, address);
    if (refusal) return { refused: `${url.hostname}: ${refusal}` };
  }
  const v4 = addresses.filter((a) => ipaddr.IPv4.isValid(a));
  return { addresses: [...v4, ...addresses.filter((a) => !ipaddr.IPv4.isValid(a))] };
}
