/**
 * What single screens keep in local storage (spec 001 section 3): a guest's participations, when the install nudge was
 * dismissed, the web device token and the acknowledged short-notice cancellations. Apart from `storage.ts` (what the
 * shell and the first screen read, in the entry chunk), so these load with the screens that use them (issue 28).
 */
import { STORAGE_KEYS as KEYS, readStored as read, writeStored as write } from "./storage";

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
