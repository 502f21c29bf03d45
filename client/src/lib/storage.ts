/**
 * Local storage of the web client (spec 001 section 3, "Local storage"). Every access is guarded:
 * private browsing and some webviews throw on localStorage.
 */
const KEYS = {
  account: "kickrunde.myAccount",
  regionSlug: "kickrunde.regionSlug",
  appHintDismissed: "kickrunde.appHintDismissed",
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the app keeps working without persistence.
  }
}

/** The signed-in account copy; only ever written from the server's answer. */
export function storeAccount(account: unknown): void {
  write(KEYS.account, account === null ? null : JSON.stringify(account));
}

export function clearStoredAccount(): void {
  write(KEYS.account, null);
}

export function getStoredRegionSlug(): string | null {
  const slug = read(KEYS.regionSlug);
  return slug && /^[a-z0-9-]+$/.test(slug) ? slug : null;
}

export function storeRegionSlug(slug: string): void {
  write(KEYS.regionSlug, slug);
}

export function isAppHintDismissed(): boolean {
  return read(KEYS.appHintDismissed) === "1";
}

export function dismissAppHint(): void {
  write(KEYS.appHintDismissed, "1");
}
