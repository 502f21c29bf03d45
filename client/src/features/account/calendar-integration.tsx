import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { CalendarDays, CalendarSync, Link2, LoaderCircle, RefreshCw, Unlink } from "lucide-react";
import { useEffect, useState } from "react";
import type { TCalendarStatus, TImportResult } from "@shared/schemas/calendar";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { messageByKey, useMessageCatalogue } from "@client/lib/messages";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { intlLocale } from "@client/lib/intl-locale";

type Court = TCalendarStatus["courts"][number];

/** The loading messages of the calendar actions, in the spec's order (spec 001 section 4). */
const LOADING = {
  import: () => m.calendar_loading_import(),
  link: () => m.calendar_loading_link(),
  save: () => m.calendar_loading_save(),
  delete: () => m.calendar_loading_delete(),
} as const;

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-[15px] font-semibold text-pitch-800">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      {text}
    </p>
  );
}

/** An error with its retry in place. */
function Failure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Notice tone="error">
      <p>{errorMessage(error)}</p>
      <button type="button" onClick={onRetry} className="mt-1 font-bold underline underline-offset-2">
        {m.calendar_retry()}
      </button>
    </Notice>
  );
}

/**
 * The profile's calendar integration section for court owners (spec 001 sections 2.5, 4): connect the
 * Google account (the browser goes to Google's consent page and comes back to /profile?google=…),
 * then per owned court choose a calendar and save, see the linked one and remove it, and import now.
 */
export function CalendarIntegration({ googleOutcome }: { googleOutcome: string | null }) {
  useMessageCatalogue();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.calendar.status.queryOptions());
  // The outcome of the consent flow stays visible after it left the address.
  const [outcome] = useState(googleOutcome);
  const [importResult, setImportResult] = useState<TImportResult | null>(null);

  const connect = useMutation(
    trpc.calendar.connectGoogle.mutationOptions({
      onSuccess: ({ url }) => {
        window.location.assign(url);
      },
    }),
  );
  const importNow = useMutation(
    trpc.calendar.importGoogleBookings.mutationOptions({
      onSuccess: (result) => setImportResult(result),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.calendar.status.queryKey() }),
    }),
  );

  // Drop ?google from the address, so a reload does not show it again.
  useEffect(() => {
    if (googleOutcome) void navigate({ to: "/profile", search: (s: Record<string, unknown>) => ({ ...s, google: undefined }), replace: true, resetScroll: false });
  }, [googleOutcome, navigate]);

  const data = status.data;
  const credentials = data?.googleCredentials ?? null;
  const connected = credentials !== null && !credentials.broken;

  return (
    <section aria-labelledby="calendar-integration-title" data-testid="calendar-integration" className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-pitch-50 text-pitch-700">
          <CalendarDays aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="calendar-integration-title" className="text-[18px] font-extrabold text-slate-900">
            {m.calendar_title()}
          </h2>
          <p className="mt-0.5 text-[14px] leading-snug text-slate-600">{m.calendar_intro()}</p>
        </div>
      </div>

      <div className="mt-4 space-y-3">
        {outcome === "connected" ? <Notice tone="success">{m.calendar_connected_flash()}</Notice> : null}
        {outcome && outcome !== "connected" ? <Notice tone="error">{messageByKey(`error_${outcome}`) ?? m.error_UNEXPECTED()}</Notice> : null}

        {status.isPending ? <Loading text={m.calendar_loading_calendars()} /> : null}
        {status.isError ? <Failure error={status.error} onRetry={() => void status.refetch()} /> : null}

        {data && !data.available ? <Notice tone="info">{m.error_GOOGLE_UNAVAILABLE_HERE()}</Notice> : null}

        {data?.available ? (
          <>
            {credentials?.broken ? <Notice tone="error">{m.calendar_broken()}</Notice> : null}
            {connected ? <ConnectionLine credentials={credentials} /> : null}

            {connected ? null : connect.isPending || connect.isSuccess ? (
              <Loading text={LOADING.link()} />
            ) : (
              <Button variant="primary" block onClick={() => connect.mutate()}>
                <Link2 aria-hidden className="size-5" />
                {credentials?.broken ? m.calendar_reconnect() : m.calendar_connect()}
              </Button>
            )}
            {connect.isError ? <Failure error={connect.error} onRetry={() => connect.mutate()} /> : null}

            {connected ? (
              <>
                {data.courts.length === 0 ? <p className="text-[15px] text-slate-600">{m.calendar_no_courts()}</p> : null}
                <ul className="space-y-3">
                  {data.courts.map((court) => (
                    <CourtCalendar key={court.id} court={court} />
                  ))}
                </ul>
                {importNow.isPending ? (
                  <Loading text={LOADING.import()} />
                ) : (
                  <Button variant="secondary" block onClick={() => importNow.mutate()}>
                    <RefreshCw aria-hidden className="size-5" />
                    {m.calendar_import_now()}
                  </Button>
                )}
                {importNow.isError ? <Failure error={importNow.error} onRetry={() => importNow.mutate()} /> : null}
                {importResult && !importNow.isPending && !importNow.isError ? (
                  <Notice tone="success">
                    <p data-testid="calendar-import-result">{m.calendar_import_result({ imported: importResult.imported, updated: importResult.updated, removed: importResult.removed })}</p>
                    {importResult.conflicts > 0 ? <p className="mt-1">{m.calendar_import_conflicts({ count: importResult.conflicts })}</p> : null}
                  </Notice>
                ) : null}
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

function ConnectionLine({ credentials }: { credentials: NonNullable<TCalendarStatus["googleCredentials"]> }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const time = credentials.lastImportAt
    ? new Intl.DateTimeFormat(intlLocale(locale), { timeZone: "Europe/Berlin", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(credentials.lastImportAt)
    : null;
  return (
    <div className="rounded-2xl bg-pitch-50 px-3.5 py-3 text-[14px] text-pitch-900">
      <p className="flex items-center gap-2 font-bold">
        <CalendarSync aria-hidden className="size-5" />
        {m.calendar_connected()}
      </p>
      <p className="mt-0.5 text-pitch-800">{time ? m.calendar_last_import({ time }) : m.calendar_never_imported()}</p>
      {credentials.lastImportError ? (
        <p className="mt-0.5 font-semibold text-red-700">{m.calendar_last_error({ error: messageByKey(`error_${credentials.lastImportError}`) ?? credentials.lastImportError })}</p>
      ) : null}
    </div>
  );
}

/** One owned court: no calendar (choose and save), or saved (its name, and remove). */
function CourtCalendar({ court }: { court: Court }) {
  const queryClient = useQueryClient();
  const linked = court.calendarIdGoogle !== null;
  const calendars = useQuery({ ...trpc.calendar.listCalendars.queryOptions(), enabled: !linked, staleTime: 60_000 });
  const [chosen, setChosen] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.calendar.status.queryKey() });
  const save = useMutation(trpc.calendar.setCalendarForCourt.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.calendar.deleteCalendarFromCourt.mutationOptions({ onSuccess: refresh }));

  const saveChosen = () => {
    const calendar = calendars.data?.find((c) => c.id === chosen);
    if (calendar) save.mutate({ courtId: court.id, calendarIdGoogle: calendar.id, calendarName: calendar.summary });
  };

  return (
    <li data-testid={`court-calendar-${court.id}`} className="rounded-2xl border border-slate-200 px-3.5 py-3">
      <p className="text-[16px] font-bold text-slate-900">{court.name}</p>
      {linked ? (
        <>
          <p className="mt-1 flex items-center gap-2 text-[15px] text-slate-800">
            <CalendarDays aria-hidden className="size-4 shrink-0 text-pitch-700" />
            <span className="min-w-0 truncate font-semibold" data-testid="linked-calendar">
              {court.calendarName}
            </span>
          </p>
          <p className="mt-0.5 text-[14px] text-slate-600">{m.calendar_events_count({ count: court.importedEvents })}</p>
          {court.conflicts > 0 ? <p className="mt-0.5 text-[14px] font-semibold text-amber-700">{m.calendar_conflicts({ count: court.conflicts })}</p> : null}
          <div className="mt-2">
            {remove.isPending ? (
              <Loading text={LOADING.delete()} />
            ) : (
              <Button variant="ghost" className="-ml-2 text-red-700" onClick={() => remove.mutate({ courtId: court.id })}>
                <Unlink aria-hidden className="size-5" />
                {m.calendar_remove()}
              </Button>
            )}
          </div>
          {remove.isError ? <Failure error={remove.error} onRetry={() => remove.mutate({ courtId: court.id })} /> : null}
        </>
      ) : (
        <div className="mt-2 space-y-2">
          <p className="text-[14px] text-slate-600">{m.calendar_no_calendar()}</p>
          {calendars.isPending ? <Loading text={m.calendar_loading_calendars()} /> : null}
          {calendars.isError ? <Failure error={calendars.error} onRetry={() => void calendars.refetch()} /> : null}
          {calendars.data ? (
            <>
              <SelectField
                label={m.calendar_select_label({ court: court.name })}
                name={`calendar-${court.id}`}
                value={chosen}
                onValueChange={setChosen}
                options={calendars.data.map((c) => ({ value: c.id, label: c.summary }))}
                placeholder={m.calendar_select_placeholder()}
              />
              {save.isPending ? (
                <Loading text={LOADING.save()} />
              ) : (
                <Button variant="primary" block disabled={!chosen} onClick={saveChosen}>
                  {m.calendar_save()}
                </Button>
              )}
              {save.isError ? <Failure error={save.error} onRetry={saveChosen} /> : null}
            </>
          ) : null}
        </div>
      )}
    </li>
  );
}
