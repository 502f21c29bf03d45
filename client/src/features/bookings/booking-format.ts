import { GAME_TIME_ZONE, type CourtBookingStatus } from "@shared/constants";
import { m } from "@client/paraglide/messages";
import { intlLocale } from "@client/lib/intl-locale";

/** The status label (spec 001 section 4: Offen, Angefragt, Gebucht, Abgelehnt, Storniert, Zahlung notwendig). */
export function bookingStatusLabel(status: CourtBookingStatus): string {
  switch (status) {
    case "OP":
      return m.booking_status_OP();
    case "RE":
      return m.booking_status_RE();
    case "TP":
      return m.booking_status_TP();
    case "BO":
      return m.booking_status_BO();
    case "DE":
      return m.booking_status_DE();
    default:
      return m.booking_status_CA();
  }
}

/** "19:00–20:30" in Berlin time. */
export function formatTimeRange(start: Date, end: Date, locale: string): string {
  const time = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${time.format(start)}–${time.format(end)}`;
}

/** "Mo." and "24.11." for a day chip, from a Berlin calendar day (YYYY-MM-DD). */
export function dayChipParts(day: string, locale: string): { weekday: string; date: string; long: string } {
  const noon = new Date(`${day}T12:00:00Z`);
  const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocale(locale), { timeZone: "UTC", ...options }).format(noon);
  return {
    weekday: fmt({ weekday: "short" }).replace(/\.$/, ""),
    date: fmt({ day: "2-digit", month: "2-digit" }),
    long: fmt({ weekday: "long", day: "numeric", month: "long", year: "numeric" }),
  };
}

/** A person as the booking shows them: first name, and the last name where the server sends it. */
export function personName(person: { firstName: string; lastName: string | null } | null): string {
  if (!person) return "–";
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || "–";
}

/** Upcoming bookings first (soonest first), then the past ones (latest first); a booking is past once it has ended. */
export function splitByTime<B extends { startTime: Date; endTime: Date }>(bookings: readonly B[], now: Date): { upcoming: B[]; past: B[] } {
  const upcoming = bookings.filter((b) => b.endTime.getTime() > now.getTime()).sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const past = bookings.filter((b) => b.endTime.getTime() <= now.getTime()).sort((a, b) => b.startTime.getTime() - a.startTime.getTime());
  return { upcoming, past };
}
