import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { COURT_BOOKING } from "@shared/constants";
import { addBerlinDays, berlinDateTimeToInstant } from "@shared/rules/berlin-calendar";
import { ZCreateManualBookingInput } from "@shared/schemas/bookings";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { Modal } from "@client/components/modal";
import { SelectField } from "@client/components/select-field";
import { Stepper } from "@client/components/stepper";
import { SwitchField } from "@client/components/switch-field";
import { TextField } from "@client/components/text-field";
import { appErrorData, errorMessage, validationMessage } from "@client/lib/errors";
import { fieldProblems } from "@client/lib/schema-problem";
import { useServerErrors } from "@client/lib/use-server-errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { startTimeOptions, type OwnerCourt } from "./owner-calendar-model";

export type ManualFormState = {
  title: string;
  courtId: number | null;
  subCourtId: number | null;
  /** Berlin day YYYY-MM-DD */
  day: string;
  /** HH:MM */
  time: string;
  duration: 60 | 90;
  weekly: boolean;
  recurrences: number;
};

export function initialManualForm(courtId: number | null, day: string): ManualFormState {
  return { title: "", courtId, subCourtId: null, day, time: "19:00", duration: 60, weekly: false, recurrences: COURT_BOOKING.recurrencesDefault };
}

const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(document.documentElement.lang === "en" ? "en-GB" : "de-DE", { timeZone: "Europe/Berlin", ...options });

/**
 * The manual booking form (spec 001 section 5: title, court, sub-court, start; 60 or 90 minutes; weekly
 * with a number of weeks, min 0, default 2). Its state lives in the screen, so closing it or a refusal
 * loses nothing; the server's refusal (e.g. a taken slot, naming the week) is shown in the form.
 */
export function ManualBookingForm({
  open,
  onClose,
  courts,
  value,
  onChange,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  courts: OwnerCourt[];
  value: ManualFormState;
  onChange: (value: ManualFormState) => void;
  onSaved: (result: { day: string; time: string; count: number }) => void;
}) {
  const createManual = useMutation(trpc.bookings.createManual.mutationOptions());
  const createSeries = useMutation(trpc.bookings.createSeries.mutationOptions());
  const [error, setError] = useState<unknown>(null);
  // problems the shared schema finds before sending, and the server's after
  const [clientProblems, setClientProblems] = useState<Record<string, string>>({});
  const server = useServerErrors();
  const fieldErrors = { ...server.codes, ...clientProblems };
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [error]);
  const pending = createManual.isPending || createSeries.isPending;
  const court = courts.find((c) => c.id === value.courtId) ?? null;
  const set = (patch: Partial<ManualFormState>) => onChange({ ...value, ...patch });
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(value.day);

  const lastDay = validDay && value.weekly ? addBerlinDays(value.day, 7 * value.recurrences) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const startTime = validDay ? berlinDateTimeToInstant(value.day, value.time) : new Date(Number.NaN);
    const input = {
      courtId: value.courtId ?? 0,
      subCourtId: value.subCourtId ?? 0,
      title: value.title.trim(),
      startTime,
      endTime: new Date(startTime.getTime() + value.duration * 60_000),
      recurrences: value.weekly ? value.recurrences : 0,
    };
    // the same schema as the server: problems are named at their fields before anything is sent
    const parsed = ZCreateManualBookingInput.safeParse(input);
    server.clear();
    setClientProblems(parsed.success ? {} : fieldProblems(parsed.error));
    if (!parsed.success) return;
    try {
      if (value.weekly) {
        const series = await createSeries.mutateAsync(parsed.data);
        onSaved({ day: value.day, time: value.time, count: series.bookings.length });
      } else {
        await createManual.mutateAsync(parsed.data);
        onSaved({ day: value.day, time: value.time, count: 1 });
      }
    } catch (e) {
      setError(e);
      server.take(e);
    }
  }

  const takenAt = (() => {
    const app = appErrorData(error);
    const at = app?.code === "BOOKING_SLOT_TAKEN" ? String(app.details?.startTime ?? "") : "";
    return at && !Number.isNaN(Date.parse(at))
      ? dateFormat({ weekday: "short", day: "numeric", month: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(at))
      : null;
  })();
  const fieldError = (name: string) => (fieldErrors[name] ? validationMessage(fieldErrors[name]!) : null);
  const subCourtError = fieldError("subCourtId") ?? (fieldErrors.courtId ? validationMessage(fieldErrors.courtId) : null);

  return (
    <Modal open={open} onClose={onClose} title={m.bookcal_form_title()}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4 pt-1">
        <TextField
          label={m.bookcal_title_label()}
          hint={m.bookcal_title_hint()}
          value={value.title}
          onValueChange={(title) => set({ title })}
          maxLength={COURT_BOOKING.titleMax}
          error={fieldError("title")}
          autoComplete="off"
        />
        {courts.length > 1 ? (
          <SelectField
            label={m.bookcal_court()}
            placeholder={m.bookcal_court_placeholder()}
            value={value.courtId ? String(value.courtId) : ""}
            onValueChange={(v) => set({ courtId: Number(v), subCourtId: null })}
            options={courts.map((c) => ({ value: String(c.id), label: c.name }))}
          />
        ) : null}
        {court ? (
          <div>
            <ChoiceChips
              label={m.bookcal_sub_court()}
              value={value.subCourtId}
              onValueChange={(subCourtId) => set({ subCourtId })}
              choices={court.subCourts.map((s) => ({ value: s.id, label: s.name }))}
              scroll
            />
            {subCourtError ? <p className="mt-1.5 text-sm font-medium text-red-700">{subCourtError}</p> : null}
          </div>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <TextField label={m.bookcal_date()} type="date" value={value.day} onValueChange={(day) => set({ day })} error={fieldError("startTime")} />
          <SelectField
            label={m.bookcal_time()}
            placeholder={m.bookcal_time()}
            value={value.time}
            onValueChange={(time) => set({ time })}
            options={startTimeOptions().map((t) => ({ value: t, label: t }))}
          />
        </div>
        <ChoiceChips
          label={m.bookcal_duration()}
          value={value.duration}
          onValueChange={(duration) => set({ duration })}
          choices={COURT_BOOKING.durations.map((d) => ({ value: d, label: m.bookcal_minutes({ minutes: d }) }))}
        />
        <div className="space-y-3 rounded-2xl bg-slate-50 p-4">
          <SwitchField label={m.bookcal_weekly()} hint={m.bookcal_weekly_hint()} checked={value.weekly} onCheckedChange={(weekly) => set({ weekly })} />
          {value.weekly ? (
            <>
              <Stepper
                label={m.bookcal_recurrences()}
                value={value.recurrences}
                min={0}
                max={COURT_BOOKING.recurrencesMax}
                onValueChange={(recurrences) => set({ recurrences })}
              />
              {lastDay ? (
                <p className="text-sm text-slate-600">
                  {m.bookcal_series_summary({
                    count: value.recurrences + 1,
                    date: dateFormat({ weekday: "short", day: "numeric", month: "numeric", year: "numeric" }).format(berlinDateTimeToInstant(lastDay, "12:00")),
                  })}
                </p>
              ) : null}
              {fieldError("recurrences") ? <p className="text-sm font-medium text-red-700">{fieldError("recurrences")}</p> : null}
            </>
          ) : null}
        </div>
        {error ? (
          <div ref={alertRef} role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[15px] text-red-800">
            {errorMessage(error)}
            {takenAt ? <span className="mt-0.5 block text-sm font-semibold">{m.bookcal_slot_taken_at({ date: takenAt })}</span> : null}
          </div>
        ) : null}
        <Button type="submit" block size="lg" loading={pending}>
          {m.bookcal_save()}
        </Button>
      </form>
    </Modal>
  );
}
