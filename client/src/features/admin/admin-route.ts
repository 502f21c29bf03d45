/** A console page's id parameter (a positive integer), or null (the page says it does not exist). */
export function parseAdminId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
