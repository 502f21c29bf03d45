/**
 * Local storage of the web client (spec 001 section 3, "Local storage"). Every access is guarded:
 * private browsing and some webviews throw on localStorage. This module holds what the shell and the
 * first screen read (the account copy, the city, the guest banner) and is part of the entry chunk;
 * what single screens keep (a guest's participations, the install nudge, the web device token, the
 * acknowledged short-notice cancellations) is in `local-records.ts`, loaded with those screens (issue 28).
 * Every key is listed here.
 */
const KEYS = {
  account: "kickrunde.myAccount",
  regionSlug: "kickrunde.regionSlug",
  installNudgeDismissedAt: "kickrunde.installNudgeDismissedAt",
  anonymousParticipations: "kickrunde.anonymousParticipations",
  webDeviceToken: "kickrunde.webDeviceToken",
  playersCancelledShortNotice: "kickrunde.playersCancelledShortNotice",
} as const;

/** Session-only flags (sessionStorage): forgotten when the browser tab or app closes. */
const SESSION_KEYS = {
  guestBannerDismissed: "kickrunde.guestBannerDismissed",
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

/** The stored account copy as it was written (JSON: dates as strings), or null. */
export function getStoredAccount(): unknown {
  try {
    const raw = window.localStorage.getItem(KEYS.account);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
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

export function isGuestBannerDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_KEYS.guestBannerDismissed) === "1";
  } catch {
    return false;
  }
}

export function dismissGuestBanner(): void {
  try {
    window.sessionStorage.setItem(SESSION_KEYS.guestBannerDismissed, "1");
  } catch {
    // Storage unavailable: the banner stays hidden until the next page load.
  }
}

/** For `local-records.ts`: the keys and the guarded access, one definition. */
export { KEYS as STORAGE_KEYS, read as readStored, write as writeStored };
