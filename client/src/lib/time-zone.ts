import { GAME_TIME_ZONE } from "@shared/constants";

/** The browser's zone, e.g. "America/New_York"; null when the browser does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

function clockIn(zone: string, instant: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: zone, day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    instant,
  );
}

/**
 * True when the phone's clock shows another time than the pitch's at that instant, so the
 * time-zone warning is needed (spec 000 section 5). Paris shows Berlin's time and needs none.
 */
export function showsOtherTimeThanBerlin(instant: Date, zone: string | null = browserTimeZone()): boolean {
  if (!zone || zone === GAME_TIME_ZONE) return false;
  try {
    return clockIn(zone, instant) !== clockIn(GAME_TIME_ZONE, instant);
  } catch {
    return false;
  }
}
