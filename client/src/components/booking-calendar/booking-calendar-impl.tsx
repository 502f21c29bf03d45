/// <reference lib="esnext.temporal" />
import "temporal-polyfill/global";
import { createCalendar, createViewDay, createViewWeek, type CalendarApp, type CalendarEventExternal } from "@schedule-x/calendar";
import { ScheduleXCalendar } from "@schedule-x/react";
import "@schedule-x/theme-default/dist/index.css";
import { useEffect, useRef, useState } from "react";
import type { BookingCalendarEvent, BookingCalendarProps, BookingCalendarTone, BookingCalendarView } from "./booking-calendar-types";
import "./booking-calendar.css";

/** Every time is shown in Berlin wall time (server/domains/bookings/README.md), whatever the device's zone. */
const ZONE = "Europe/Berlin";

const zoned = (date: Date) => Temporal.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(ZONE);
const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

type Display = { label?: string; tone: BookingCalendarTone; selected: boolean; colour?: { main: string; container: string; onContainer: string } };

function toExternal(event: BookingCalendarEvent, props: BookingCalendarProps): CalendarEventExternal {
  const display: Display = {
    label: event.label,
    tone: event.tone ?? "soft",
    selected: event.selected ?? false,
    colour: event.colour ?? (event.calendarId ? props.calendars?.[event.calendarId]?.colour : undefined),
  };
  return { id: event.id, start: zoned(event.start), end: zoned(event.end), title: event.title, calendarId: event.calendarId, krDisplay: display };
}

const timeFormat = (locale: string) => new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: ZONE });

/** The look of one entry in the time grid: the calendar's colours, the kind's pattern, a selection ring. */
function TimeGridEvent({ calendarEvent }: { calendarEvent: CalendarEventExternal }) {
  const d = calendarEvent.krDisplay as Display;
  const c = d.colour ?? { main: "#475569", container: "#e2e8f0", onContainer: "#0f172a" };
  const start = new Date((calendarEvent.start as Temporal.ZonedDateTime).epochMilliseconds);
  const end = new Date((calendarEvent.end as Temporal.ZonedDateTime).epochMilliseconds);
  const format = timeFormat(document.documentElement.lang === "en" ? "en-GB" : "de-DE");
  const style: React.CSSProperties =
    d.tone === "solid"
      ? { background: c.main, color: "#fff", borderColor: c.main }
      : d.tone === "outline"
        ? { background: "#fff", color: c.onContainer, borderColor: c.main, borderStyle: "dashed" }
        : d.tone === "striped"
          ? {
              background: `repeating-linear-gradient(135deg, ${c.container} 0 8px, #fff 8px 12px)`,
              color: c.onContainer,
              borderColor: c.main,
            }
          : d.tone === "blocked"
            ? { background: "#fee2e2", color: "#7f1d1d", borderColor: "#dc2626" }
            : { background: c.container, color: c.onContainer, borderColor: c.main };
  return (
    <div className="kr-cal-event" data-tone={d.tone} data-selected={d.selected ? "true" : undefined} style={style}>
      <span className="kr-cal-event-title">{calendarEvent.title}</span>
      <span className="kr-cal-event-meta">
        {format.format(start)}–{format.format(end)}
        {d.label ? ` · ${d.label}` : ""}
      </span>
    </div>
  );
}

/** Stable object: the React adapter re-renders the calendar whenever this changes. */
const CUSTOM_COMPONENTS = { timeGridEvent: TimeGridEvent };

const viewOf = (range: { start: Temporal.ZonedDateTime; end: Temporal.ZonedDateTime }): BookingCalendarView =>
  range.end.epochMilliseconds - range.start.epochMilliseconds > 36 * 3600_000 ? "week" : "day";

/**
 * schedule-x (MIT core) with the app's settings: Berlin time, the app's language, day and week views,
 * our own entry look. The lazy wrapper (booking-calendar.tsx) keeps this chunk off every other page.
 * The calendar is created once per mount (the screens remount it by key for another court, opening day or
 * language); later data and selections replace its events in place.
 */
export function BookingCalendarImpl(props: BookingCalendarProps) {
  const propsRef = useRef(props);
  propsRef.current = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const [app, setApp] = useState<CalendarApp | null>(null);
  const [view, setView] = useState<BookingCalendarView>(props.defaultView);

  useEffect(() => {
    const p = propsRef.current;
    const views = p.views.map((v) => (v === "day" ? createViewDay() : createViewWeek()));
    const steps = (minutesOf(p.dayEnd) - minutesOf(p.dayStart)) / p.stepMinutes;
    const calendar = createCalendar({
      locale: p.locale === "de" ? "de-DE" : "en-GB",
      firstDayOfWeek: 1,
      timezone: ZONE,
      views: views as [ReturnType<typeof createViewDay>, ...ReturnType<typeof createViewDay>[]],
      defaultView: p.defaultView,
      // the view follows our breakpoint, not schedule-x's own (which would force the day view in the app's narrow column)
      isResponsive: false,
      selectedDate: p.date ? Temporal.PlainDate.from(p.date) : undefined,
      minDate: p.minDate ? Temporal.PlainDate.from(p.minDate) : undefined,
      maxDate: p.maxDate ? Temporal.PlainDate.from(p.maxDate) : undefined,
      dayBoundaries: { start: p.dayStart, end: p.dayEnd },
      weekOptions: {
        gridHeight: steps * p.slotHeightPx,
        gridStep: p.stepMinutes,
        eventWidth: 96,
        timeAxisFormatOptions: { hour: "2-digit", minute: "2-digit" },
      },
      calendars: Object.fromEntries(Object.entries(p.calendars ?? {}).map(([id, c]) => [id, { colorName: id, label: c.label, lightColors: c.colour }])),
      events: p.events.map((e) => toExternal(e, p)),
      backgroundEvents: (p.closed ?? []).map((c) => ({ start: zoned(c.start), end: zoned(c.end), title: p.closedLabel, style: {} })),
      callbacks: {
        onRangeUpdate: (range) => {
          const v = viewOf(range);
          setView(v);
          propsRef.current.onRangeChange?.({ from: new Date(range.start.epochMilliseconds), to: new Date(range.end.epochMilliseconds), view: v });
        },
        onEventClick: (event) => propsRef.current.onEventClick?.(String(event.id)),
      },
    });
    setApp(calendar);
  }, []);

  // new data or a new selection: the events are replaced in place (no remount, the scroll position stays)
  const eventsKey = JSON.stringify(props.events);
  useEffect(() => {
    if (!app) return;
    app.events.set(propsRef.current.events.map((e) => toExternal(e, propsRef.current)));
  }, [app, eventsKey]);

  // open scrolled to the default time (spec 001 section 9: 12:00 in the owner calendar)
  useEffect(() => {
    if (!app || !props.scrollTo) return;
    // a few pixels less, so the hour's label above its line stays in view
    const offset = Math.max(0, ((minutesOf(props.scrollTo) - minutesOf(props.dayStart)) / props.stepMinutes) * props.slotHeightPx - 8);
    let frame = 0;
    let tries = 0;
    const scroll = () => {
      const container = boxRef.current?.querySelector<HTMLElement>(".sx__view-container");
      if (container && container.scrollHeight > container.clientHeight) {
        container.scrollTop = offset;
        return;
      }
      if (tries++ < 300) frame = requestAnimationFrame(scroll);
    };
    frame = requestAnimationFrame(scroll);
    return () => cancelAnimationFrame(frame);
  }, [app, props.scrollTo]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div ref={boxRef} className="kr-booking-calendar" data-calendar-view={view} data-calendar-ready={app ? "true" : undefined} style={{ height: props.height }}>
      <ScheduleXCalendar calendarApp={app} customComponents={CUSTOM_COMPONENTS} />
    </div>
  );
}
