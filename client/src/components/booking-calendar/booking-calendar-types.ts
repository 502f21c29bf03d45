/** How an entry looks: a calendar's colours plus a pattern for its kind. */
export type BookingCalendarTone = "solid" | "soft" | "striped" | "outline" | "blocked";

export type BookingCalendarColour = { main: string; container: string; onContainer: string };

export type BookingCalendarEvent = {
  /** unique among the events */
  id: string;
  start: Date;
  end: Date;
  title: string;
  /** a short second line (a status, a kind) */
  label?: string;
  /** key into `calendars` (its colours and its filter) */
  calendarId?: string;
  tone?: BookingCalendarTone;
  /** overrides the calendar's colours */
  colour?: BookingCalendarColour;
  selected?: boolean;
};

export type BookingCalendarView = "day" | "week";

export type BookingCalendarProps = {
  /** the accessible name of the calendar region */
  label: string;
  locale: "de" | "en";
  views: BookingCalendarView[];
  defaultView: BookingCalendarView;
  /** Berlin day (YYYY-MM-DD) the calendar opens on; today when absent */
  date?: string;
  /** visible hours, "HH:MM" */
  dayStart: string;
  dayEnd: string;
  stepMinutes: 30 | 60;
  /** the height of one step in pixels */
  slotHeightPx: number;
  /** the time the grid is scrolled to at first ("HH:MM") */
  scrollTo?: string;
  /** the height of the whole calendar box (CSS) */
  height: string;
  calendars?: Record<string, { label: string; colour: BookingCalendarColour }>;
  events: BookingCalendarEvent[];
  /** shaded, not bookable times (closed) */
  closed?: { start: Date; end: Date }[];
  closedLabel?: string;
  /** the days the calendar may show (YYYY-MM-DD) */
  minDate?: string;
  maxDate?: string;
  /** the shown range changed (the first range is the one of `date` and `defaultView`) */
  onRangeChange?: (range: { from: Date; to: Date; view: BookingCalendarView }) => void;
  onEventClick?: (id: string) => void;
};
