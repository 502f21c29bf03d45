import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { CalendarCheck2, Link2, LoaderCircle, Unlink } from "lucide-react";
import { useEffect, useState } from "react";
import type { TPersonalGoogle } from "@shared/schemas/calendar";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { messageByKey, useMessageCatalogue } from "@client/lib/messages";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/**
 * The profile's personal Google card (issue 29; server/domains/calendar/README.md "Personal link"), for every signed-in
 * user: connect Google (consent page, back to /profile?googleOverlaps=…) so the join step warns about a busy time in
 * the own Google calendar; see that it is on, connect again when Google refused the link, or end it. Hidden on a
 * server without a Google client (nothing to offer), unless it is answering a consent just made.
 */
export function GoogleOverlapsCard({ outcome: outcomeParam }: { outcome: string | null }) {
  useMessageCatalogue();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.calendar.personal.queryOptions());
  // The consent's outcome stays visible after it left the address.
  const [outcome] = useState(outcomeParam);
  const connect = useMutation(trpc.calendar.connectPersonal.mutationOptions({ onSuccess: ({ url }) => window.location.assign(url) }));
  const disconnect = useMutation(
    trpc.calendar.disconnectPersonal.mutationOptions({
      onSuccess: (value: TPersonalGoogle) => {
        queryClient.setQueryData(trpc.calendar.personal.queryKey(), value);
        showToast(value.keepsCourtLink ? m.google_overlaps_stopped() : m.google_overlaps_disconnected());
      },
    }),
  );

  // Drop ?googleOverlaps from the address, so a reload does not show it again.
  useEffect(() => {
    if (outcomeParam) void navigate({ to: "/profile", search: (s: Record<string, unknown>) => ({ ...s, googleOverlaps: undefined }), replace: true, resetScroll: false });
  }, [outcomeParam, navigate]);

  const data = status.data;
  if (data && !data.available && !outcome) return null;
  const on = data?.overlapCheck === true && !data.broken;
  const redirecting = connect.isPending || connect.isSuccess;

  return (
    <section aria-labelledby="google-overlaps-title" data-testid="google-overlaps" data-state={data ? (data.broken ? "broken" : on ? "on" : "off") : "loading"} className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-pitch-50 text-pitch-700">
          <CalendarCheck2 aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="google-overlaps-title" className="text-[18px] font-extrabold text-slate-900">
            {m.google_overlaps_title()}
          </h2>
          <p className="mt-0.5 text-[14px] leading-snug text-slate-600">{m.google_overlaps_intro()}</p>
        </div>
      </div>

      <div className="mt-4 space-y-3">
        {outcome === "connected" && on ? <Notice tone="success">{m.google_overlaps_connected_flash()}</Notice> : null}
        {outcome && outcome !== "connected" ? <Notice tone="error">{messageByKey(`error_${outcome}`) ?? m.error_UNEXPECTED()}</Notice> : null}

        {status.isPending ? (
          <p role="status" className="flex items-center gap-2 text-[15px] font-semibold text-pitch-800">
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
            {m.common_loading()}
          </p>
        ) : null}
        {status.isError ? (
          <Notice tone="error">
            <p>{errorMessage(status.error)}</p>
            <button type="button" onClick={() => void status.refetch()} className="mt-1 font-bold underline underline-offset-2">
              {m.calendar_retry()}
            </button>
          </Notice>
        ) : null}
        {data && !data.available ? <Notice tone="info">{m.error_GOOGLE_UNAVAILABLE_HERE()}</Notice> : null}

        {data?.available ? (
          <>
            {data.broken ? <Notice tone="error">{m.google_overlaps_broken()}</Notice> : null}
            {on && outcome !== "connected" ? (
              <p className="flex items-start gap-2 rounded-2xl bg-pitch-50 px-3 py-2.5 text-[15px] font-semibold leading-snug text-pitch-900">
                <CalendarCheck2 aria-hidden className="mt-0.5 size-5 shrink-0 text-pitch-700" />
                {m.google_overlaps_on()}
              </p>
            ) : null}
            {on ? null : redirecting ? (
              <p role="status" className="flex items-center gap-2 text-[15px] font-semibold text-pitch-800">
                <LoaderCircle aria-hidden className="size-5 animate-spin" />
                {m.google_overlaps_connecting()}
              </p>
            ) : (
              <Button variant="primary" block onClick={() => connect.mutate()}>
                <Link2 aria-hidden className="size-5" />
                {data.broken ? m.google_overlaps_reconnect() : m.google_overlaps_connect()}
              </Button>
            )}
            {connect.isError ? <Notice tone="error">{errorMessage(connect.error)}</Notice> : null}
            {data.overlapCheck ? (
              <Button variant="ghost" block loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
                <Unlink aria-hidden className="size-5" />
                {data.keepsCourtLink ? m.google_overlaps_stop() : m.google_overlaps_disconnect()}
              </Button>
            ) : null}
            {disconnect.isError ? <Notice tone="error">{errorMessage(disconnect.error)}</Notice> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
