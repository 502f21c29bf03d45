import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { TCalendarEntry } from "@shared/schemas/bookings";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

const when = (entry: TCalendarEntry) =>
  new Intl.DateTimeFormat(document.documentElement.lang === "en" ? "en-GB" : "de-DE", {
    timeZone: "Europe/Berlin",
    weekday: "short",
    day: "numeric",
    month: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(entry.startTime);

/**
 * Asks before deleting a manual booking (spec 001 section 2.8): there is no undo. For a series entry it
 * asks what to delete, this booking only (deleteManual) or the whole series (deleteSeries). The first
 * answer has the focus, so Delete then Enter deletes; Escape keeps everything.
 */
export function DeleteEntryDialog({ entry, onClose, onDeleted }: { entry: TCalendarEntry | null; onClose: () => void; onDeleted: () => void }) {
  const deleteOne = useMutation(trpc.bookings.deleteManual.mutationOptions());
  const deleteSeries = useMutation(trpc.bookings.deleteSeries.mutationOptions());
  const actions = useRef<HTMLDivElement>(null);
  const open = entry !== null;
  const error = deleteOne.error ?? deleteSeries.error;
  const pending = deleteOne.isPending || deleteSeries.isPending;

  useEffect(() => {
    if (!open) return;
    deleteOne.reset();
    deleteSeries.reset();
    // after showModal has run (it would move the focus to the close button)
    const frame = requestAnimationFrame(() => actions.current?.querySelector("button")?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open, entry?.key]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!entry)
    return (
      <Modal open={false} onClose={onClose} title={m.bookcal_delete_title()}>
        {null}
      </Modal>
    );
  const isSeries = entry.kind === "series" && entry.seriesId !== null;
  const run = async (which: "one" | "series") => {
    try {
      if (which === "series" && entry.seriesId !== null) await deleteSeries.mutateAsync({ id: entry.seriesId });
      else await deleteOne.mutateAsync({ id: entry.id });
      onDeleted();
    } catch {
      // shown below, the dialog stays
    }
  };
  const text = { title: entry.title, date: when(entry) };

  return (
    <Modal open={open} onClose={onClose} title={isSeries ? m.bookcal_delete_series_title() : m.bookcal_delete_title()}>
      <div className="space-y-4 pt-1">
        <p className="text-[15px] text-slate-700">{isSeries ? m.bookcal_delete_series_text(text) : m.bookcal_delete_text(text)}</p>
        {error ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[15px] text-red-800">
            {errorMessage(error)}
          </p>
        ) : null}
        <div ref={actions} className="flex flex-col gap-2">
          <Button variant="destructive" block loading={deleteOne.isPending} disabled={pending} onClick={() => void run("one")}>
            {isSeries ? m.bookcal_delete_one() : m.bookcal_delete()}
          </Button>
          {isSeries ? (
            <Button variant="danger" block loading={deleteSeries.isPending} disabled={pending} onClick={() => void run("series")}>
              {m.bookcal_delete_whole_series()}
            </Button>
          ) : null}
          <Button variant="ghost" block onClick={onClose}>
            {m.common_cancel()}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
