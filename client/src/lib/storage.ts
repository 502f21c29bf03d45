/**
 * Local storage of the web client (spec 001 section 3, "Local storage"). Every access is guarded:
 * private browsing and some webviews throw on localStorage.
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

/** When this browser last dismissed the install nudge (features/install: hidden for 30 days), or null. */
export function getInstallNudgeDismissedAt(): Date | null {
  const raw = read(KEYS.installNudgeDismissedAt);
  const date = raw === null ? null : new Date(raw);
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export function storeInstallNudgeDismissedAt(at: Date): void {
  write(KEYS.installNudgeDismissedAt, at.toISOString());
}

/** A guest's participation, remembered so the guest can change or cancel it and attach it on sign-in (spec 000 section 3). */
export type AnonymousParticipation = { gameId: number; participationId: number; firstName: string; guestToken: string };

function isAnonymousParticipation(value: unknown): value is AnonymousParticipation {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.gameId) &&
    Number.isInteger(v.participationId) &&
    typeof v.firstName === "string" &&
    typeof v.guestToken === "string"
  );
}

export function getAnonymousParticipations(): AnonymousParticipation[] {
  try {
    const parsed: unknown = JSON.parse(read(KEYS.anonymousParticipations) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isAnonymousParticipation) : [];
  } catch {
    return [];
  }
}

function writeAnonymousParticipations(list: AnonymousParticipation[]): void {
  write(KEYS.anonymousParticipations, list.length === 0 ? null : JSON.stringify(list));
}

export function addAnonymousParticipation(entry: AnonymousParticipation): void {
  writeAnonymousParticipations([...getAnonymousParticipations().filter((p) => p.participationId !== entry.participationId), entry]);
}

export function removeAnonymousParticipations(participationIds: readonly number[]): void {
  writeAnonymousParticipations(getAnonymousParticipations().filter((p) => !participationIds.includes(p.participationId)));
}

/** The stand-in device token of this browser once it allowed notifications ("web-<random>"). */
export function getWebDeviceToken(): string | null {
  const token = read(KEYS.webDeviceToken);
  return token && /^web-[a-z0-9]{16,64}$/.test(token) ? token : null;
}

export function storeWebDeviceToken(token: string): void {
  write(KEYS.webDeviceToken, token);
}

/**
 * playersCancelledShortNotice (spec 000 section 3): the short-notice cancellations (within 2 hours of
 * the start, section 9) whose notice the organiser has acknowledged on this device, so each is told
 * once. An entry is forgotten 7 days after the game's start, like the read message ids.
 */
type ShortNoticeEntry = { participationId: number; expiresAt: number };
const SHORT_NOTICE_KEEP_MS = 7 * 86_400_000;

function readShortNoticeEntries(now: Date): ShortNoticeEntry[] {
  try {
    const parsed: unknown = JSON.parse(read(KEYS.playersCancelledShortNotice) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (e): e is ShortNoticeEntry =>
        typeof e === "object" &&
        e !== null &&
        Number.isInteger((e as ShortNoticeEntry).participationId) &&
        Number.isFinite((e as ShortNoticeEntry).expiresAt) &&
        (e as ShortNoticeEntry).expiresAt > now.getTime(),
    );
  } catch {
    return [];
  }
}

/** Ids of the cancelled participations whose short-notice notice was acknowledged here. */
export function getSeenShortNoticeCancellations(now = new Date()): Set<number> {
  return new Set(readShortNoticeEntries(now).map((e) => e.participationId));
}

export function markShortNoticeCancellationsSeen(participationIds: readonly number[], gameStart: Date, now = new Date()): void {
  const expiresAt = gameStart.getTime() + SHORT_NOTICE_KEEP_MS;
  const kept = readShortNoticeEntries(now).filter((e) => !participationIds.includes(e.participationId));
  const next = [...kept, ...participationIds.map((participationId) => ({ participationId, expiresAt }))];
  write(KEYS.playersCancelledShortNotice, next.length === 0 ? null : JSON.stringify(next));
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
