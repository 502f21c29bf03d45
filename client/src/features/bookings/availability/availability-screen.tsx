import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, ChevronLeft, SearchX, Users } from "lucide-react";
import { useState } from "react";
import { COURT_BOOKING } from "@shared/constants";
import { addBerlinDays, berlinTimeOfDay, weekdayOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { BookingCalendar } from "@client/components/booking-calendar/booking-calendar";
import { Button, buttonClassName } from "@client/components/button";
import { NotFoundState } from "@client/components/not-found-state";
import { Notice } from "@client/components/notice";
import { BlockPlaceholder } from "@client/components/page-placeholder";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { occupiedTimesQueryOptions } from "./availability-queries";
import { closedTimes } from "./closed-times";

const CAL = COURT_BOOKING.publicCalendar;

/**
 * The public availability calendar of a rentable court (spec 001 sections 2.2 and 2.8, no sign-in):
 * week and day views from 10:00 to 22:00 in 30-minute steps, only the day view at 768 px or narrower; the
 * times when every sub-court is taken read 'Ausgebucht', times outside the opening hours and today's past
 * are shaded.
 * It shows the server's default range (this week and the next five), so the calendar stays inside it.
 */
export function AvailabilityScreen({ courtId, date }: { courtId: number; date?: string }) {
  const { locale } = useLocale();
  const query = useQuery(occupiedTimesQueryOptions(courtId));
  const [narrow] = useState(() => window.matchMedia?.(`(max-width: ${CAL.mobileBreakpointPx}px)`).matches ?? false);

  if (query.isPending) return <BlockPlaceholder busy className="mx-4 mt-6 h-[640px] bg-slate-100" />;
  if (query.isError) {
    const code = appErrorCode(query.error);
    if (code === "COURT_NOT_FOUND" || code === "VALIDATION") {
      return (
        <NotFoundState
          icon={<SearchX aria-hidden className="size-9" />}
          title={m.error_COURT_NOT_FOUND()}
          to="/courts"
          action={m.bookcal_owner_only_action()}
        />
      );
    }
    return (
      <div className="space-y-3 px-4 pt-6">
        <Notice tone="error">{errorMessage(query.error)}</Notice>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {m.common_retry()}
        </Button>
      </div>
    );
  }

  const { court, occupied, open } = query.data;
  const firstDay = berlinDay(query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : new Date());
  const lastDay = addBerlinDays(firstDay, COURT_BOOKING.calendarMaxDays - 1);
  const shownDay = date && date >= firstDay && date <= lastDay ? date : firstDay;
  // opened half an hour before the first opening of the shown day (or week), not on closed morning hours
  const from = narrow ? shownDay : addBerlinDays(shownDay, 1 - weekdayOfDay(shownDay));
  const to = addBerlinDays(from, narrow ? 1 : 7);
  const firstOpen = open
    .filter((o) => berlinDay(o.startTime) >= from && berlinDay(o.startTime) < to)
    .map((o) => berlinTimeOfDay(o.startTime))
    .sort()[0];
  const scrollTo = firstOpen ? halfHourBefore(firstOpen) : undefined;

  return (
    <div className="space-y-4 px-4 pt-4 pb-8">
      <Link
        to="/court/$courtId"
        params={{ courtId: String(court.id) }}
        className="inline-flex min-h-10 items-center gap-1 text-[15px] font-semibold text-pitch-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {m.bookcal_avail_court_link()}
      </Link>
      <header>
        <p className="text-[13px] font-bold tracking-wide text-pitch-700 uppercase">{m.bookcal_avail_title()}</p>
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight break-words text-slate-900">{court.name}</h1>
        <p className="mt-1 text-[15px] text-slate-600">{m.bookcal_avail_intro()}</p>
      </header>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-slate-600">
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-4 rounded-[3px] border border-slate-300 bg-white" />
          {m.bookcal_avail_legend_free()}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-4 rounded-[3px] border-l-[3px] border-red-600 bg-red-100" />
          {m.booking_occupied()}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span
            aria-hidden
            className="inline-block h-3 w-4 rounded-[3px]"
            style={{ background: "repeating-linear-gradient(135deg, #f1f5f9 0 3px, #cbd5e1 3px 4px)" }}
          />
          {m.bookcal_avail_legend_closed_past()}
        </li>
      </ul>
      <BookingCalendar
        key={`${shownDay}-${locale}`}
        label={m.bookcal_avail_calendar_label({ court: court.name })}
        locale={locale}
        views={narrow ? ["day"] : ["day", "week"]}
        defaultView={narrow ? "day" : "week"}
        date={shownDay}
        minDate={firstDay}
        maxDate={lastDay}
        dayStart={CAL.dayStart}
        dayEnd={CAL.dayEnd}
        stepMinutes={CAL.stepMinutes}
        slotHeightPx={40}
        scrollTo={scrollTo && scrollTo > CAL.dayStart ? scrollTo : undefined}
        height="min(620px, calc(100dvh - 120px))"
        events={occupied.map((o, i) => ({ id: `occupied-${i}`, start: o.startTime, end: o.endTime, title: m.booking_occupied(), tone: "blocked" }))}
        closed={closedTimes(open, firstDay, lastDay, CAL.dayStart, CAL.dayEnd, { now: new Date(), stepMinutes: CAL.stepMinutes })}
        closedLabel={m.bookcal_avail_legend_closed_past()}
      />
      <aside className="overflow-hidden rounded-3xl bg-gradient-to-br from-pitch-700 to-pitch-900 p-5 text-white shadow-lg">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15">
            <Users aria-hidden className="size-6" />
          </span>
          <h2 className="text-[19px] leading-snug font-extrabold">{m.bookcal_promo_title()}</h2>
        </div>
        <p className="mt-2 text-[15px] text-pitch-50">{m.bookcal_promo_text()}</p>
        <Link to="/" className={buttonClassName({ variant: "secondary", block: true, className: "mt-4 bg-white text-pitch-800 hover:bg-pitch-50" })}>
          {m.bookcal_promo_action()}
          <ArrowRight aria-hidden className="size-5" />
        </Link>
      </aside>
    </div>
  );
}

function halfHourBefore(time: string): string {
  const [h = 0, min = 0] = time.split(":").map(Number);
  const total = Math.max(0, h * 60 + min - 30);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
