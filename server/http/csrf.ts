import { timingSafeEqual } from "node:crypto";

const TOKEN_RE = /^[A-Za-z0-9]{32,64}$/;

export function newCsrfToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("hex");
}

export function isWellFormedCsrfToken(token: string | undefined): token is string {
  return typeof token === "string" && TOKEN_RE.test(token);
}

/**
 * Django-style double submit: the `X-CSRFToken` header must equal the `csrftoken` cookie, which
 * another site can neither read nor set; and a browser's Origin (always sent with a POST) must be
 * ours. Requests without Origin come from non-browser clients, which carry no ambient cookies risk
 * beyond the token check.
 */
export function checkCsrf(input: {
  cookieToken: string | undefined;
  headerToken: string | null;
  origin: string | null;
  secFetchSite: string | null;
  allowedOrigins: readonly string[];
}): boolean {
  const { cookieToken, headerToken, origin, secFetchSite, allowedOrigins } = input;
  if (!isWellFormedCsrfToken(cookieToken) || !headerToken) return false;
  const a = Buffer.from(cookieToken);
  const b = Buffer.from(headerToken);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  if (secFetchSite === "cross-site") return false;
  if (origin !== null && !allowedOrigins.includes(origin)) return false;
  return true;
}
