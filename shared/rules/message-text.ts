import { MESSAGE_MAX_LENGTH, PAYMENT_ONBOARDING_HOSTS, PRODUCT_HOSTS } from "../constants";

/**
 * Message texts (spec 000 section 5): HTML tags are stripped, whitespace trimmed; only the
 * product's own links and payment-onboarding https links become clickable. Both sides use it: the
 * server stores the cleaned text, the client renders segments (never raw HTML).
 */
export function cleanMessageText(text: string): string {
  return text
    .replace(/<\/?[a-z!][^>]*>/gi, "")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function messageTextProblem(cleaned: string): "message_required" | "message_too_long" | null {
  if (cleaned.length === 0) return "message_required";
  if ([...cleaned].length > MESSAGE_MAX_LENGTH) return "message_too_long";
  return null;
}

export type Segment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const hostMatches = (host: string, allowed: readonly string[]) => allowed.some((a) => host === a || host.endsWith(`.${a}`));

/** Whether a URL may be a clickable link: http(s) on our hosts, https on payment onboarding. */
export function isAllowedLink(raw: string, extraProductHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false; // https://kickrunde.de@evil.example
  const host = url.hostname.toLowerCase();
  if (host.startsWith("xn--") || host.includes(".xn--")) return false; // look-alike letters
  if (url.protocol === "https:" && hostMatches(host, PAYMENT_ONBOARDING_HOSTS)) return true;
  return (url.protocol === "https:" || url.protocol === "http:") && hostMatches(host, [...PRODUCT_HOSTS, ...extraProductHosts]);
}

/** Splits a cleaned text into plain text and allowed links. */
export function messageSegments(text: string, extraProductHosts: readonly string[] = []): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/gi)) {
    const url = m[0].replace(/[.,!?;:)]+$/, "");
    const start = m.index!;
    if (!isAllowedLink(url, extraProductHosts)) continue;
    if (start > last) out.push({ kind: "text", text: text.slice(last, start) });
    out.push({ kind: "link", text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}
