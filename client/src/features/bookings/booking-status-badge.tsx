import { Ban, CircleCheck, CircleX, Clock, CreditCard, Hourglass } from "lucide-react";
import type { CourtBookingStatus } from "@shared/constants";
import { bookingStatusLabel } from "./booking-format";

const TONES: Record<CourtBookingStatus, { className: string; Icon: typeof Clock }> = {
  OP: { className: "bg-slate-100 text-slate-700", Icon: Clock },
  RE: { className: "bg-sky-100 text-sky-900", Icon: Hourglass },
  TP: { className: "bg-amber-100 text-amber-900", Icon: CreditCard },
  BO: { className: "bg-pitch-100 text-pitch-800", Icon: CircleCheck },
  DE: { className: "bg-red-100 text-red-800", Icon: CircleX },
  CA: { className: "bg-slate-200 text-slate-700", Icon: Ban },
};

/** A booking's status as a coloured chip. */
export function BookingStatusBadge({ status, className = "" }: { status: CourtBookingStatus; className?: string }) {
  const { className: tone, Icon } = TONES[status];
  return (
    <span data-testid="booking-status" className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-[13px] font-bold ${tone} ${className}`}>
      <Icon aria-hidden className="size-3.5" />
      {bookingStatusLabel(status)}
    </span>
  );
}
