import { CalendarDays, MoonStar, Sunrise } from "lucide-react";
import { useId, useMemo } from "react";
import { GAME_TIME_ZONE } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { startTimeHint } from "@shared/rules/game-windows";
import { ChoiceChips } from "@client/components/choice-chips";
import { inputClassName } from "@client/components/text-field";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { TimeZoneWarning } from "../time-zone-warning";
import { firstDay, fitTime, hoursFor, lastDay, minutesFor, quickDays, startInstant } from "./start-time-options";
import { intlLocale } from "@client/lib/intl-locale";

const QUICK_DAY_COUNT = 14;
const pad = (n: number) => String(n).padStart(2, "0");

type Value = { day: string | null; hour: number | null; minute: number | null };

function DayChipLabel({ day, locale, now }: { day: string; locale: string; now: Date }) {
  const noon = berlinDateTimeToInstant(day, "12:00");
  const today = berlinDay(now);
  const top =
    day === today
      ? m.game_day_today()
      : day === addBerlinDays(today, 1)
        ? m.game_day_tomorrow()
        : new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, weekday: "short" }).format(noon);
  const bottom = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GAME_TIME_ZONE, day: "numeric", month: "short" }).format(noon);
  return (
    <span className="flex flex-col items-center leading-tight">
      {/* no opacity: white on the chosen chip's green must keep 4.5:1 (WCAG 1.4.3) */}
      <span className="text-[13px] font-medium">{top}</span>
      <span className="text-[15px] font-bold">{bottom}</span>
    </span>
  );
}

/**
 * The start of a game in Berlin time (spec 000 section 5): day chips for the next two weeks, any
 * later day up to the limit through the calendar, hour and minute in 5-minute steps, never in
 * the past. Night and morning starts get a hint with a one-tap switch to the evening.
 */
export function StartTimePicker({
  value,
  onChange,
  now,
  isManagedPayment,
  error,
}: {
  value: Value;
  onChange: (value: Value) => void;
  now: Date;
  isManagedPayment: boolean;
  error: string | null;
}) {
  const { locale } = useLocale();
  const hourId = useId();
  const minuteId = useId();
  const dateId = useId();
  const errorId = useId();
  // Re-computed when the minute changes, not on every tick of the clock.
  const minuteKey = Math.floor(now.getTime() / 60_000);
  const days = useMemo(() => quickDays(now, QUICK_DAY_COUNT), [minuteKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const last = lastDay(now, isManagedPayment);
  const hours = useMemo(() => (value.day ? hoursFor(value.day, now) : []), [value.day, minuteKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const minutes = useMemo(
    () => (value.day && value.hour !== null ? minutesFor(value.day, value.hour, now) : []),
    [value.day, value.hour, minuteKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const start = startInstant(value.day, value.hour, value.minute);
  const hint = start ? startTimeHint(start) : null;
  const eveningHour = value.hour !== null ? value.hour + 12 : null;
  const canSwitchToEvening =
    hint !== null && value.day !== null && eveningHour !== null && eveningHour < 24 && minutesFor(value.day, eveningHour, now).includes(value.minute ?? 0);
  const dayIsQuick = value.day !== null && days.includes(value.day);

  function chooseDay(day: string) {
    onChange({ day, ...fitTime(day, value.hour, value.minute, now) });
  }

  const dayChoices = days
    .filter((day) => day <= last)
    .map((day) => ({ value: day, label: <DayChipLabel day={day} locale={locale} now={now} /> }));

  return (
    <div className="space-y-4">
      <ChoiceChips
        label={m.game_form_day()}
        value={dayIsQuick ? value.day : null}
        onValueChange={chooseDay}
        choices={dayChoices}
        scroll
        size="lg"
        trailing={
          // Any later day up to the limit: the phone's own date picker behind a chip.
          <label
            htmlFor={dateId}
            className={`relative flex min-h-15 shrink-0 cursor-pointer flex-col items-center justify-center rounded-xl border px-3.5 py-1.5 text-[14px] leading-tight font-semibold focus-within:outline-3 focus-within:outline-pitch-900 ${
              value.day && !dayIsQuick ? "border-pitch-600 bg-pitch-600 text-white" : "border-dashed border-slate-400 bg-white text-slate-800"
            }`}
          >
            <CalendarDays aria-hidden className="mb-0.5 size-4" />
            <span className="text-[13px]">
              {value.day && !dayIsQuick ? <DayChipLabel day={value.day} locale={locale} now={now} /> : m.game_form_other_day()}
            </span>
            <input
              id={dateId}
              type="date"
              min={firstDay(now)}
              max={last}
              value={value.day ?? ""}
              aria-label={m.game_form_other_day()}
              onClick={(event) => {
                try {
                  event.currentTarget.showPicker();
                } catch {
                  // older browsers open it themselves
                }
              }}
              onChange={(event) => {
                const day = event.target.value;
                if (/^\d{4}-\d{2}-\d{2}$/.test(day) && day >= firstDay(now) && day <= last) chooseDay(day);
              }}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
          </label>
        }
      />

      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">{m.game_form_time()}</legend>
        <div className="flex items-center gap-2">
          <label htmlFor={hourId} className="sr-only">
            {m.game_form_hour()}
          </label>
          <select
            id={hourId}
            value={value.hour ?? ""}
            disabled={!value.day}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const hour = Number(event.target.value);
              if (!value.day) return;
              const allowed = minutesFor(value.day, hour, now);
              onChange({ ...value, hour, minute: value.minute !== null && allowed.includes(value.minute) ? value.minute : (allowed[0] ?? null) });
            }}
            className={`${inputClassName} flex-1 appearance-none text-center text-[18px] font-bold tabular-nums ${error ? "border-red-600" : "border-slate-300"}`}
          >
            <option value="" disabled>
              {m.game_form_hour_placeholder()}
            </option>
            {hours.map((hour) => (
              <option key={hour} value={hour}>
                {pad(hour)}
              </option>
            ))}
          </select>
          <span aria-hidden className="text-[22px] font-extrabold text-slate-700">
            :
          </span>
          <label htmlFor={minuteId} className="sr-only">
            {m.game_form_minute()}
          </label>
          <select
            id={minuteId}
            value={value.minute ?? ""}
            disabled={value.hour === null}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...value, minute: Number(event.target.value) })}
            className={`${inputClassName} flex-1 appearance-none text-center text-[18px] font-bold tabular-nums ${error ? "border-red-600" : "border-slate-300"}`}
          >
            <option value="" disabled>
              {m.game_form_minute_placeholder()}
            </option>
            {minutes.map((minute) => (
              <option key={minute} value={minute}>
                {pad(minute)}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>

      {hint && start && value.hour !== null ? (
        <div role="note" className="flex items-start gap-3 rounded-2xl bg-indigo-50 px-3.5 py-3 text-[14px] leading-snug text-indigo-950 ring-1 ring-indigo-200">
          {hint === "night" ? (
            <MoonStar aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          ) : (
            <Sunrise aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          )}
          <div className="min-w-0 flex-1">
            <p>
              {hint === "night"
                ? m.game_form_hint_night({ time: `${pad(value.hour)}:${pad(value.minute ?? 0)}` })
                : m.game_form_hint_morning({ time: `${pad(value.hour)}:${pad(value.minute ?? 0)}` })}
            </p>
            {canSwitchToEvening && eveningHour !== null ? (
              <button
                type="button"
                onClick={() => onChange({ ...value, hour: eveningHour })}
                className="mt-1.5 inline-flex min-h-10 items-center rounded-xl bg-white px-3 font-semibold text-indigo-800 ring-1 ring-indigo-200 hover:bg-indigo-100"
              >
                {m.game_form_hint_switch({ time: `${pad(eveningHour)}:${pad(value.minute ?? 0)}` })}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      {start ? <TimeZoneWarning instant={start} /> : null}
    </div>
  );
}
