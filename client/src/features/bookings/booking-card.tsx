import { Link } from "@tanstack/react-router";
import { ChevronRight, Clock, UserRound } from "lucide-react";
import { formatMoney } from "@shared/rules/money";
import type { TCourtBooking } from "@shared/schemas/bookings";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { CourtImage } from "@client/features/courts/court-bits";
import { formatCardDate } from "@client/lib/format/dates";
import { formatTimeRange, personName } from "./booking-format";
import { BookingStatusBadge } from "./booking-status-badge";

/**
 * A booking in 'Buchungen - Plätze' or 'Vermietungen - Plätze': court, Berlin date and time, length,
 * status and price; the owner's list adds the renter and the earning. The whole card opens the booking.
 */
export function BookingCard({ booking, asOwner }: { booking: TCourtBooking; asOwner: boolean }) {
  const { locale } = useLocale();
  const inactive = booking.status === "CA" || booking.status === "DE";
  return (
    <Link
      to="/court-booking/$id"
      params={{ id: String(booking.id) }}
      data-testid="booking-card"
      className={`flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm shadow-slate-900/5 transition-colors hover:border-pitch-600/50 ${inactive ? "opacity-75" : ""}`}
    >
      <CourtImage src={booking.court.imageUrl} alt="" className="size-16 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="line-clamp-2 min-w-0 text-[16px] leading-snug font-bold text-slate-900">{booking.court.name}</p>
          <ChevronRight aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
        </div>
        <p className="mt-0.5 flex items-center gap-1.5 text-[14px] font-semibold text-slate-700 tabular-nums">
          <Clock aria-hidden className="size-3.5 shrink-0 text-slate-500" />
          {formatCardDate(booking.startTime, locale)} · {formatTimeRange(booking.startTime, booking.endTime, locale)}
        </p>
        <p className="mt-0.5 text-[13px] text-slate-600">
          {m.booking_minutes({ minutes: String(booking.duration) })}
          {booking.subCourt ? ` · ${booking.subCourt.name}` : ""}
        </p>
        {asOwner ? (
          <p className="mt-0.5 flex items-center gap-1.5 text-[13px] text-slate-600">
            <UserRound aria-hidden className="size-3.5 shrink-0 text-slate-500" />
            {m.booking_renter_line({ name: personName(booking.renter) })}
          </p>
        ) : null}
        <div className="mt-2 flex items-center justify-between gap-2">
          <BookingStatusBadge status={booking.status} />
          {asOwner ? (
            <p className="text-right text-[13px] leading-tight text-slate-600">
              {m.booking_earning_short()}
              <span className="block text-[16px] font-extrabold text-pitch-800 tabular-nums">{formatMoney(booking.earningCents, locale)}</span>
            </p>
          ) : (
            <p className="text-[16px] font-extrabold text-slate-900 tabular-nums">{formatMoney(booking.priceCents, locale)}</p>
          )}
        </div>
      </div>
    </Link>
  );
}
