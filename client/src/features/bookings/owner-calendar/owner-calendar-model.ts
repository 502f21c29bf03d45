import { COURT_BOOKING } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant, weekdayOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import type { TCalendarEntry, TOwnerCalendar } from "@shared/schemas/bookings";
import type { BookingCalendarColour, BookingCalendarEvent, BookingCalendarTone } from "@client/components/booking-calendar/booking-calendar-types";
import { m } from "@client/paraglide/messages";

/** One colour per sub-court, in their order (schedule-x `calendars`: resource views are a paid add-on). */
export const SUB_COURT_COLOURS: BookingCalendarColour[] = [
  { main: "#16a34a", container: "#dcfce7", onContainer: "#14532d" },
  { main: "#2563eb", container: "#dbeafe", onContainer: "#1e3a8a" },
  { main: "#d97706", container: "#fef3c7", onContainer: "#78350f" },
  { main: "#9333ea", container: "#f3e8ff", onContainer: "#581c87" },
  { main: "#e11d48", container: "#ffe4e6", onContainer: "#881337" },
  { main: "#0d9488", container: "#ccfbf1", onContainer: "#134e4a" },
];
const EXTERNAL_COLOUR: BookingCalendarColour = { main: "#64748b", container: "#f1f5f9", onContainer: "#1e293b" };

export type OwnerCourt = TOwnerCalendar["courts"][number];

export const colourOf = (index: number) => SUB_COURT_COLOURS[index % SUB_COURT_COLOURS.length]!;
export const calendarIdOf = (subCourtId: number) => `sub${subCourtId}`;

/** The Monday-to-Monday week (Berlin) around a day: what the owner calendar asks the server for. */
export function weekOf(day: string): { from: Date; to: Date } {
  const monday = addBerlinDays(day, 1 - weekdayOfDay(day));
  return { from: berlinDateTimeToInstant(monday, "00:00"), to: berlinDateTimeToInstant(addBerlinDays(monday, 7), "00:00") };
}

export const isDeletable = (entry: Pick<TCalendarEntry, "kind">) => entry.kind === "manual" || entry.kind === "series";

function look(entry: TCalendarEntry): { tone: BookingCalendarTone; label: string } {
  switch (entry.kind) {
    case "booking":
      // a booked (paid) court is solid; a request or a booking waiting for payment is only outlined
      return { tone: entry.status === "BO" ? "solid" : "outline", label: entry.status ? statusLabel(entry.status) : m.bookcal_kind_booking() };
    case "manual":
      return { tone: "soft", label: m.bookcal_kind_manual() };
    case "series":
      return { tone: "striped", label: m.bookcal_kind_series() };
    case "external":
      return { tone: "soft", label: m.bookcal_kind_external() };
  }
}

export function statusLabel(status: NonNullable<TCalendarEntry["status"]>): string {
  const labels = {
    OP: m.booking_status_OP,
    RE: m.booking_status_RE,
    TP: m.booking_status_TP,
    BO: m.booking_status_BO,
    DE: m.booking_status_DE,
    CA: m.booking_status_CA,
  } as const;
  return labels[status]();
}

/**
 * The chosen court's entries on the shown sub-courts, as calendar events coloured by sub-court. An
 * imported (Google) event occupies every sub-court and comes once per sub-court: it is drawn once
 * (issue 23 item 17), selected by any of its copies.
 */
export function eventsOf(entries: TCalendarEntry[], court: OwnerCourt, shown: ReadonlySet<number>, selectedKey: string | null): BookingCalendarEvent[] {
  const ids = new Set(court.subCourts.map((s) => s.id));
  const externalSeen = new Set<number>();
  const selectedExternal = entries.find((e) => e.key === selectedKey && e.kind === "external")?.id;
  return entries
    .filter((e) => (e.subCourtId === null ? e.kind === "external" : ids.has(e.subCourtId) && shown.has(e.subCourtId)))
    .filter((e) => {
      if (e.kind !== "external") return true;
      if (externalSeen.has(e.id)) return false;
      externalSeen.add(e.id);
      return true;
    })
    .map((e) => {
      const { tone, label } = look(e);
      return {
        id: e.key,
        start: e.startTime,
        end: e.endTime,
        title: e.title || label,
        label,
        tone,
        calendarId: e.subCourtId !== null && e.kind !== "external" ? calendarIdOf(e.subCourtId) : undefined,
        colour: e.kind === "external" ? EXTERNAL_COLOUR : undefined,
        selected: e.key === selectedKey || (e.kind === "external" && e.id === selectedExternal),
      };
    });
}

/** Start times of the form: the owner calendar's day (from 08:00) in 30-minute steps. */
export function startTimeOptions(): string[] {
  const [h0] = COURT_BOOKING.ownerCalendar.dayStart.split(":").map(Number);
  const out: string[] = [];
  for (let minutes = (h0 ?? 8) * 60; minutes < 24 * 60; minutes += COURT_BOOKING.stepMinutes) {
    out.push(`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
  }
  return out;
}

export const todayInBerlin = () => berlinDay(new Date());
