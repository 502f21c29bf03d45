import { CalendarDays, RotateCw } from "lucide-react";
import { m } from "@client/paraglide/messages";
import { LazyChunk } from "../lazy-chunk";
import type { BookingCalendarProps } from "./booking-calendar-types";

/** schedule-x (~70 kB gzip), its CSS and the Temporal polyfill live in this chunk only. */
const loadImpl = () => import("./booking-calendar-impl").then((mod) => ({ default: mod.BookingCalendarImpl }));

/**
 * A day/week booking calendar (spec 001 section 2.8). This light wrapper holds the box's height from the
 * first frame and shows a calm placeholder while the calendar's chunk loads; a chunk that failed to
 * load (offline) can be asked for again in place.
 */
export function BookingCalendar(props: BookingCalendarProps) {
  return (
    <section aria-label={props.label} style={{ height: props.height }} className="relative w-full">
      <LazyChunk
        load={loadImpl}
        props={props}
        placeholder={
          <div className="flex h-full flex-col items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-slate-50 text-slate-500">
            <CalendarDays aria-hidden className="size-8 animate-pulse" />
            <span className="text-sm">{m.bookcal_loading()}</span>
          </div>
        }
        failed={(retry) => (
          <div className="flex h-full flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
            <p className="text-[15px] text-slate-700">{m.bookcal_error_load()}</p>
            <button
              type="button"
              onClick={retry}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-pitch-600 px-4 font-semibold text-white hover:bg-pitch-700"
            >
              <RotateCw aria-hidden className="size-4" />
              {m.common_retry()}
            </button>
          </div>
        )}
      />
    </section>
  );
}
