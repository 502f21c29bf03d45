/**
 * The login guard passes the original location as `redirect`; only same-app paths are followed,
 * so a crafted link cannot send a fresh login to another site.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}
