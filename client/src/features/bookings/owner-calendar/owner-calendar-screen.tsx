import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { CalendarCog, CalendarPlus, Trash2, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { COURT_BOOKING } from "@shared/constants";
import { berlinDay } from "@shared/rules/berlin-time";
import type { TCalendarEntry } from "@shared/schemas/bookings";
import { BookingCalendar } from "@client/components/booking-calendar/booking-calendar";
import type { BookingCalendarView } from "@client/components/booking-calendar/booking-calendar-types";
import { Button } from "@client/components/button";
import { NotFoundState } from "@client/components/not-found-state";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { BlockPlaceholder } from "@client/components/page-placeholder";
import { useAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { DeleteEntryDialog } from "./delete-entry-dialog";
import { initialManualForm, ManualBookingForm, type ManualFormState } from "./manual-booking-form";
import { calendarIdOf, colourOf, eventsOf, isDeletable, statusLabel, todayInBerlin, weekOf } from "./owner-calendar-model";

const NARROW = `(max-width: ${COURT_BOOKING.publicCalendar.mobileBreakpointPx}px)`;
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The owner's booking calendar ('Buchungsansicht', spec 001 sections 2.8, 5, 9): day and week views per
 * court from 08:00 in 30-minute steps of 60 px, opened at 12:00; each sub-court one coloured calendar with
 * a filter; manual bookings and weekly series are created in a form and deleted with Delete or Backspace
 * (or the delete button) after a confirmation.
 */
export function OwnerCalendarScreen({ courtId, date }: { courtId?: number; date?: string }) {
  const account = useAccount();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [visibleDay, setVisibleDay] = useState(() => date ?? todayInBerlin());
  // a phone shows one sub-court at a time in the day view (issue 23 item 17: sub-courts overlapping in
  // one column, and the week's seven columns, left slivers); a wide screen filters them and has the week
  const [narrow] = useState(() => window.matchMedia?.(NARROW).matches ?? false);
  const [view, setView] = useState<BookingCalendarView>(() => (narrow ? "day" : "week"));
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [activeSubCourt, setActiveSubCourt] = useState<number | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TCalendarEntry | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [form, setForm] = useState<ManualFormState | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // after saving, the calendar opens where the new booking is
  const [scrollTime, setScrollTime] = useState<string>(COURT_BOOKING.ownerCalendar.defaultTime);

  useEffect(() => {
    if (date) setVisibleDay(date);
  }, [date]);

  const week = weekOf(visibleDay);
  const calendar = useQuery({
    ...trpc.bookings.calendar.queryOptions({ from: week.from, to: week.to }),
    placeholderData: keepPreviousData,
    enabled: account?.isCourtOwner === true || account?.isAdmin === true,
  });
  const courts = calendar.data?.courts ?? [];
  const court = courts.find((c) => c.id === courtId) ?? courts[0] ?? null;
  const entries = calendar.data?.entries ?? [];
  const selected = entries.find((e) => e.key === selectedKey) ?? null;
  const active = court?.subCourts.find((s) => s.id === activeSubCourt) ?? court?.subCourts[0] ?? null;
  const shown = useMemo(
    () => (narrow && active ? new Set([active.id]) : new Set((court?.subCourts ?? []).map((s) => s.id).filter((id) => !hidden.has(id)))),
    [court, hidden, narrow, active],
  );
  const events = court ? eventsOf(entries, court, shown, selectedKey) : [];

  // Delete or Backspace deletes the selected manual booking (after the confirmation)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Delete" && event.key !== "Backspace") return;
      if (!selected || !isDeletable(selected) || toDelete || formOpen || isTyping(event.target)) return;
      event.preventDefault();
      setToDelete(selected);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected, toDelete, formOpen]);

  if (!account?.isCourtOwner && !account?.isAdmin) return <OwnerOnly />;
  if (calendar.isPending) {
    return <BlockPlaceholder busy className="mx-4 mt-6 h-[640px] bg-slate-100" />;
  }
  if (calendar.isError && !calendar.data) {
    return (
      <div className="space-y-3 px-4 pt-6">
        <Notice tone="error">{errorMessage(calendar.error)}</Notice>
        <Button variant="outline" onClick={() => void calendar.refetch()}>
          {m.common_retry()}
        </Button>
      </div>
    );
  }
  if (!court) return <OwnerOnly />;

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.bookings.calendar.pathKey() });
  const openForm = () => {
    setForm((f) => (f && f.courtId === court.id ? f : { ...initialManualForm(court.id, visibleDay), subCourtId: court.subCourts[0]?.id ?? null }));
    setNotice(null);
    setFormOpen(true);
  };
  const calendars = Object.fromEntries(court.subCourts.map((s, i) => [calendarIdOf(s.id), { label: s.name, colour: colourOf(i) }]));
  const subCourtName = (id: number | null) => court.subCourts.find((s) => s.id === id)?.name ?? "";

  return (
    <div className="space-y-4 px-4 pt-4 pb-8">
      <header>
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.bookcal_owner_title()}</h1>
        {courts.length === 1 ? <p className="mt-0.5 truncate text-[15px] text-slate-600">{court.name}</p> : null}
      </header>

      {courts.length > 1 ? (
        <SelectField
          label={m.bookcal_court()}
          placeholder={m.bookcal_court_placeholder()}
          value={String(court.id)}
          onValueChange={(v) => {
            setSelectedKey(null);
            void navigate({ to: "/court-bookings-calendar", search: (s) => ({ ...s, courtId: Number(v) }), replace: true });
          }}
          options={courts.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      ) : null}

      {court.subCourts.length > 1 ? (
        <div role="group" aria-label={m.bookcal_sub_courts()} className="flex flex-wrap gap-2">
          {court.subCourts.map((s, i) => {
            const on = narrow ? s.id === active?.id : !hidden.has(s.id);
            const colour = colourOf(i);
            return (
              <button
                key={s.id}
                type="button"
                aria-pressed={on}
                onClick={() => {
                  if (narrow) {
                    setSelectedKey(null);
                    setActiveSubCourt(s.id);
                    return;
                  }
                  setHidden((h) => {
                    const next = new Set(h);
                    if (on) next.add(s.id);
                    else next.delete(s.id);
                    return next;
                  });
                }}
                className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-3.5 text-[14px] font-semibold transition-colors ${
                  on ? "border-transparent" : `border-slate-300 bg-white text-slate-500 ${narrow ? "" : "line-through"}`
                }`}
                style={on ? { background: colour.container, color: colour.onContainer } : undefined}
              >
                <span aria-hidden className="size-2.5 rounded-full" style={{ background: on ? colour.main : "#cbd5e1" }} />
                {s.name}
              </button>
            );
          })}
        </div>
      ) : null}

      <Legend />

      <Button block onClick={openForm}>
        <CalendarPlus aria-hidden className="size-5" />
        {m.bookcal_new_booking()}
      </Button>

      {notice ? (
        <div role="status">
          <Notice tone="success">{notice}</Notice>
        </div>
      ) : null}

      <BookingCalendar
        key={`${court.id}-${date ?? ""}-${locale}`}
        label={narrow && active && court.subCourts.length > 1 ? m.bookcal_calendar_label({ court: `${court.name}, ${active.name}` }) : m.bookcal_calendar_label({ court: court.name })}
        locale={locale}
        views={narrow ? ["day"] : ["day", "week"]}
        defaultView={view}
        date={visibleDay}
        dayStart={COURT_BOOKING.ownerCalendar.dayStart}
        dayEnd="24:00"
        stepMinutes={COURT_BOOKING.ownerCalendar.stepMinutes}
        slotHeightPx={COURT_BOOKING.ownerCalendar.slotHeightPx}
        scrollTo={scrollTime}
        height="max(560px, calc(100dvh - 150px))"
        calendars={calendars}
        events={events}
        onRangeChange={(range) => {
          setView(range.view);
          setVisibleDay(berlinDay(range.from));
        }}
        onEventClick={(key) => setSelectedKey((k) => (k === key ? null : key))}
      />

      {selected ? (
        <section
          aria-label={selected.title}
          className="sticky bottom-[calc(var(--bottom-bar-height,0px)+0.5rem)] z-20 rounded-2xl border border-slate-200 bg-white py-3 pr-2 pl-4 shadow-lg"
        >
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-[15px] font-bold text-slate-900">{selected.title}</p>
              <p className="truncate text-[13px] text-slate-600">
                {formatRange(selected)} · {subCourtName(selected.subCourtId) || court.name} · {kindLabel(selected)}
              </p>
            </div>
            {isDeletable(selected) ? (
              <button
                type="button"
                onClick={() => setToDelete(selected)}
                aria-label={m.bookcal_delete()}
                title={m.bookcal_delete_hint()}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-red-200 bg-white text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden className="size-5" />
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => setSelectedKey(null)}
              aria-label={m.bookcal_deselect()}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          {isDeletable(selected) ? null : (
            <p className="mt-1 text-[13px] text-slate-500">
              {selected.kind === "booking" ? m.bookcal_not_deletable_booking() : m.bookcal_not_deletable_external()}
            </p>
          )}
        </section>
      ) : null}

      {form ? (
        <ManualBookingForm
          open={formOpen}
          onClose={() => setFormOpen(false)}
          courts={courts}
          value={form}
          onChange={setForm}
          onSaved={({ day, time, count }) => {
            setFormOpen(false);
            setScrollTime(earlier(time));
            setForm(null);
            setNotice(count > 1 ? m.bookcal_saved_series({ count }) : m.bookcal_saved_single());
            void refresh();
            void navigate({ to: "/court-bookings-calendar", search: (s) => ({ ...s, date: day }), replace: true });
          }}
        />
      ) : null}
      <DeleteEntryDialog
        entry={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          setSelectedKey(null);
          setNotice(m.bookcal_deleted());
          void refresh();
        }}
      />
    </div>
  );
}

/** An hour before `time` (not before the calendar's start), so a booking is seen with some context. */
function earlier(time: string): string {
  const [h = 0, min = 0] = time.split(":").map(Number);
  const start = Number(COURT_BOOKING.ownerCalendar.dayStart.slice(0, 2));
  return `${String(Math.max(start, h - 1)).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

function kindLabel(entry: TCalendarEntry): string {
  if (entry.kind === "booking") return entry.status ? statusLabel(entry.status) : m.bookcal_kind_booking();
  return entry.kind === "series" ? m.bookcal_kind_series() : entry.kind === "manual" ? m.bookcal_kind_manual() : m.bookcal_kind_external();
}

function formatRange(entry: TCalendarEntry): string {
  const lang = document.documentElement.lang === "en" ? "en-GB" : "de-DE";
  const day = new Intl.DateTimeFormat(lang, { timeZone: "Europe/Berlin", weekday: "short", day: "numeric", month: "numeric" });
  const time = new Intl.DateTimeFormat(lang, { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" });
  return `${day.format(entry.startTime)}, ${time.format(entry.startTime)}–${time.format(entry.endTime)}`;
}

function Legend() {
  const item = "inline-flex items-center gap-1.5";
  const swatch = "inline-block h-3 w-4 rounded-[3px] border-l-[3px]";
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-slate-600">
      <li className={item}>
        <span aria-hidden className={swatch} style={{ background: "#16a34a", borderColor: "#16a34a" }} />
        {m.bookcal_kind_booking()}
      </li>
      <li className={item}>
        <span aria-hidden className={swatch} style={{ background: "#dcfce7", borderColor: "#16a34a" }} />
        {m.bookcal_kind_manual()}
      </li>
      <li className={item}>
        <span aria-hidden className={swatch} style={{ background: "repeating-linear-gradient(135deg, #dcfce7 0 4px, #fff 4px 6px)", borderColor: "#16a34a" }} />
        {m.bookcal_kind_series()}
      </li>
      <li className={item}>
        <span aria-hidden className={swatch} style={{ background: "#f1f5f9", borderColor: "#64748b" }} />
        {m.bookcal_kind_external()}
      </li>
    </ul>
  );
}

function OwnerOnly() {
  return (
    <NotFoundState
      icon={<CalendarCog aria-hidden className="size-9" />}
      title={m.bookcal_owner_only_title()}
      text={m.bookcal_owner_only_text()}
      to="/courts"
      action={m.bookcal_owner_only_action()}
    />
  );
}
