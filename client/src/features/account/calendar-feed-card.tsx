import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, CalendarX2, Copy, LoaderCircle, RefreshCw, Smartphone } from "lucide-react";
import { useState } from "react";
import type { TCalendarFeed } from "@shared/schemas/calendar-feed";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

type Confirm = "rotate" | "revoke" | null;

/**
 * The profile's "Kalender-Abo" (issue 29; server/domains/calendar-feed/README.md): one secret .ics address per user
 * for any calendar app. Create it, copy it, open it as webcal:// (the phone's calendar app subscribes) or hand it to
 * Google Calendar; renewing (the old address stops working at once) and ending it are asked once more.
 */
export function CalendarFeedCard() {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const feed = useQuery(trpc.calendarFeed.get.queryOptions());
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const setFeed = (value: TCalendarFeed | null) => queryClient.setQueryData(trpc.calendarFeed.get.queryKey(), value);
  const create = useMutation(trpc.calendarFeed.create.mutationOptions({ onSuccess: setFeed }));
  const rotate = useMutation(
    trpc.calendarFeed.create.mutationOptions({
      onSuccess: (value) => {
        setFeed(value);
        setConfirm(null);
        showToast(m.calendar_feed_rotated());
      },
    }),
  );
  const revoke = useMutation(
    trpc.calendarFeed.revoke.mutationOptions({
      onSuccess: () => {
        setFeed(null);
        setConfirm(null);
        showToast(m.calendar_feed_revoked());
      },
    }),
  );

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopyFailed(false);
      showToast(m.calendar_feed_copied());
    } catch {
      // no clipboard (an insecure page, a refused permission): the field stays there to copy by hand
      setCopyFailed(true);
    }
  }

  const data = feed.data;
  return (
    <section aria-labelledby="calendar-feed-title" data-testid="calendar-feed" className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-pitch-50 text-pitch-700">
          <CalendarPlus aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="calendar-feed-title" className="text-[18px] font-extrabold text-slate-900">
            {m.calendar_feed_title()}
          </h2>
          <p className="mt-0.5 text-[14px] leading-snug text-slate-600">{m.calendar_feed_intro()}</p>
        </div>
      </div>

      <div className="mt-4 space-y-3">
        {feed.isPending ? (
          <p role="status" className="flex items-center gap-2 text-[15px] font-semibold text-pitch-800">
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
            {m.calendar_feed_loading()}
          </p>
        ) : null}
        {feed.isError ? <Notice tone="error">{errorMessage(feed.error)}</Notice> : null}

        {feed.isSuccess && data === null ? (
          <Button variant="primary" block loading={create.isPending} onClick={() => create.mutate()}>
            <CalendarPlus aria-hidden className="size-5" />
            {m.calendar_feed_create()}
          </Button>
        ) : null}
        {create.isError ? <Notice tone="error">{errorMessage(create.error)}</Notice> : null}

        {data ? (
          <>
            <div>
              <label htmlFor="calendar-feed-url" className="text-[14px] font-semibold text-slate-700">
                {m.calendar_feed_url_label()}
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  id="calendar-feed-url"
                  data-testid="calendar-feed-url"
                  readOnly
                  value={data.url}
                  onFocus={(event) => event.currentTarget.select()}
                  className="min-h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 font-mono text-[13px] text-slate-800"
                />
                <Button variant="secondary" onClick={() => void copy(data.url)}>
                  <Copy aria-hidden className="size-5" />
                  {m.calendar_feed_copy()}
                </Button>
              </div>
              <p className="mt-1.5 text-[13px] leading-snug text-slate-500">{m.calendar_feed_private_note()}</p>
              {copyFailed ? <Notice tone="error">{m.calendar_feed_copy_failed()}</Notice> : null}
            </div>
            <div className="flex flex-col gap-2">
              <a href={data.webcalUrl} className={buttonClassName({ variant: "primary", block: true })}>
                <Smartphone aria-hidden className="size-5" />
                {m.calendar_feed_open()}
              </a>
              <a href={data.googleCalendarUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "outline", block: true, className: "text-center" })}>
                {m.calendar_feed_google()}
              </a>
            </div>
            <p className="text-[13px] text-slate-500">
              {data.lastFetchedAt ? m.calendar_feed_last_fetched({ when: formatDateTime(data.lastFetchedAt, locale) }) : m.calendar_feed_never_fetched()}
            </p>
            <div className="flex flex-col gap-2 border-t border-slate-100 pt-3">
              <Button variant="ghost" block onClick={() => setConfirm("rotate")}>
                <RefreshCw aria-hidden className="size-5" />
                {m.calendar_feed_rotate()}
              </Button>
              <Button variant="danger" block onClick={() => setConfirm("revoke")}>
                <CalendarX2 aria-hidden className="size-5" />
                {m.calendar_feed_revoke()}
              </Button>
            </div>
          </>
        ) : null}
      </div>

      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === "revoke" ? m.calendar_feed_revoke_title() : m.calendar_feed_rotate_title()}
      >
        <div className="space-y-4" data-testid="calendar-feed-confirm">
          <p className="text-[15px] leading-relaxed text-slate-700">{confirm === "revoke" ? m.calendar_feed_revoke_text() : m.calendar_feed_rotate_text()}</p>
          {(confirm === "revoke" ? revoke : rotate).isError ? <Notice tone="error">{errorMessage((confirm === "revoke" ? revoke : rotate).error)}</Notice> : null}
          <div className="flex flex-col gap-2 pt-1">
            {confirm === "revoke" ? (
              <Button size="lg" block variant="destructive" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                <CalendarX2 aria-hidden className="size-5" />
                {m.calendar_feed_revoke_confirm()}
              </Button>
            ) : (
              <Button size="lg" block variant="primary" loading={rotate.isPending} onClick={() => rotate.mutate()}>
                <RefreshCw aria-hidden className="size-5" />
                {m.calendar_feed_rotate_confirm()}
              </Button>
            )}
            <Button variant="ghost" block onClick={() => setConfirm(null)}>
              {m.calendar_feed_keep()}
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
