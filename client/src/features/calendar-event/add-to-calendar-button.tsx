import { CalendarPlus } from "lucide-react";
import { buttonClassName } from "@client/components/button";
import { showToast } from "@client/components/toast";
import { useLocale } from "@client/lib/locale";
import { isNativeApp, postNativeMessage } from "@client/lib/native-bridge";
import { m } from "@client/paraglide/messages";

export type CalendarEventKind = "game" | "booking" | "tournament";

export type CalendarEvent = {
  kind: CalendarEventKind;
  id: number;
  title: string;
  start: Date;
  end: Date;
  location: string | null;
  /** a private game's share key: the file's route and the event's link need it */
  shareKey?: string | null;
};

const PAGE: Record<CalendarEventKind, string> = { game: "/game", booking: "/court-booking", tournament: "/tournament" };

/** The page the event links back to, absolute (the phone's calendar opens it). */
export function calendarEventUrl(event: Pick<CalendarEvent, "kind" | "id" | "shareKey">, origin: string): string {
  return `${origin}${PAGE[event.kind]}/${event.id}${event.shareKey ? `?key=${event.shareKey}` : ""}`;
}

/** The server's .ics file of the event (server/http/ics.ts), in the page's language. */
export function calendarFileHref(event: Pick<CalendarEvent, "kind" | "id" | "shareKey">, lang: string): string {
  const query = new URLSearchParams({ lang });
  if (event.shareKey) query.set("key", event.shareKey);
  return `/api/calendar/${event.kind}/${event.id}.ics?${query.toString()}`;
}

/**
 * "Zum Kalender hinzufügen" (spec 001 section 7, createEvent): inside the native wrapper it posts createEvent with
 * title, start, end (ISO instants), place and link, and the phone's calendar takes over; in a browser it is a link
 * to the event's .ics file, which the phone or computer opens in its calendar. A toast confirms either way.
 */
export function AddToCalendarButton({ event, className = "" }: { event: CalendarEvent; className?: string }) {
  const { locale } = useLocale();
  const classes = buttonClassName({ variant: "outline", block: true, className });
  const label = (
    <>
      <CalendarPlus aria-hidden className="size-5" />
      {m.calendar_event_add()}
    </>
  );
  if (isNativeApp()) {
    const post = () => {
      const sent = postNativeMessage({
        type: "createEvent",
        title: event.title,
        start: event.start.toISOString(),
        end: event.end.toISOString(),
        location: event.location,
        url: calendarEventUrl(event, window.location.origin),
      });
      if (sent) showToast(m.calendar_event_sent());
      // a wrapper without the bridge object (an old build): the file, as in a browser
      else window.location.assign(calendarFileHref(event, locale));
    };
    return (
      <button type="button" className={classes} onClick={post} data-testid="add-to-calendar">
        {label}
      </button>
    );
  }
  return (
    <a
      href={calendarFileHref(event, locale)}
      download
      className={classes}
      onClick={() => showToast(m.calendar_event_downloading(), "info")}
      data-testid="add-to-calendar"
    >
      {label}
    </a>
  );
}
