import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ArrowRight, CalendarSearch, KeyRound, LogIn, RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { useNow } from "@client/lib/use-now";
import type { TCourtBooking } from "@shared/schemas/bookings";
import { m } from "@client/paraglide/messages";
import { useReturnSearch } from "@client/features/auth/use-return-search";
import { BookingCard } from "./booking-card";
import { splitByTime } from "./booking-format";
import { courtBookingsQueryOptions, waitingRequestCountQueryOptions } from "./booking-queries";
import { CountBadge } from "./count-badge";

function Header({ title, subtitle, back }: { title: string; subtitle: string; back?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-white px-4 pt-5 pb-3">
      {back}
      <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 text-[15px] leading-snug text-slate-600">{subtitle}</p>
    </div>
  );
}

function BookingList({ isCustomer }: { isCustomer: boolean }) {
  const bookings = useQuery(courtBookingsQueryOptions(isCustomer));
  const now = useNow(60_000);
  if (bookings.isPending) return <ListPlaceholder />;
  if (bookings.isError) {
    return (
      <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
        <p role="alert" className="text-[16px] font-semibold text-slate-800">
          {m.booking_list_error()}
        </p>
        <Button className="mt-4" variant="outline" loading={bookings.isFetching} onClick={() => void bookings.refetch()}>
          <RefreshCw aria-hidden className="size-5" />
          {m.court_retry()}
        </Button>
      </EmptyState>
    );
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyState icon={<CalendarSearch aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{m.booking_list_empty()}</p>
        <p className="mt-1 text-[14px] leading-snug text-slate-600">{isCustomer ? m.booking_list_empty_hint() : m.booking_rentals_empty_hint()}</p>
        {isCustomer ? (
          <Link to="/courts" className={buttonClassName({ variant: "secondary", className: "mt-4" })}>
            {m.court_find_courts()}
          </Link>
        ) : null}
      </EmptyState>
    );
  }
  const { upcoming, past } = splitByTime(bookings.data, now);
  return (
    <div className="space-y-6">
      <BookingSection id="bookings-upcoming" title={m.booking_upcoming()} bookings={upcoming} asOwner={!isCustomer} />
      <BookingSection id="bookings-past" title={m.booking_past()} bookings={past} asOwner={!isCustomer} />
    </div>
  );
}

function SignedOut() {
  const returnSearch = useReturnSearch();
  return (
    <EmptyState icon={<LogIn aria-hidden className="size-7" />}>
      <p className="text-[16px] font-semibold text-slate-800">{m.booking_list_signed_out()}</p>
      <Link to="/login" search={returnSearch} className={buttonClassName({ className: "mt-4 min-w-48" })}>
        <LogIn aria-hidden className="size-5" />
        {m.menu_sign_in()}
      </Link>
    </EmptyState>
  );
}

/** /court-bookings ('Buchungen - Plätze', spec 001 section 2.8): the signed-in user's court bookings. */
export function CourtBookingsScreen() {
  useLocale();
  const account = useAccount();
  return (
    <div className="pb-28">
      <Header title={m.booking_list_title()} subtitle={m.booking_list_subtitle()} />
      <div className="space-y-4 px-4 pt-2">
        {account?.isCourtOwner ? <RentalsLink /> : null}
        {account ? <BookingList isCustomer /> : <SignedOut />}
      </div>
    </div>
  );
}

/**
 * The owner's way to the rentals ('Vermietungen'), with the number of requests waiting for an answer
 * (issue 23 item 18): an owner looking for a request under 'Meine Buchungen' is told where it is.
 */
function RentalsLink() {
  const waiting = useQuery(waitingRequestCountQueryOptions()).data?.count ?? 0;
  return (
    <div className="space-y-2">
      <p className="text-[14px] leading-snug text-slate-600">{m.booking_list_owner_hint()}</p>
      <Link
        to="/court-bookings/rent"
        className={`flex items-center gap-3 rounded-2xl border p-3.5 transition-colors ${
          waiting > 0 ? "border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100" : "border-sky-200 bg-sky-50 text-sky-950 hover:bg-sky-100"
        }`}
      >
        <span className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-sky-800 shadow-sm">
          <KeyRound aria-hidden className="size-5" />
          {waiting > 0 ? <CountBadge count={waiting} className="absolute -top-1.5 -right-1.5" /> : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[16px] font-bold">{m.booking_rentals_title()}</span>
          <span className={`block text-[13px] leading-snug ${waiting > 0 ? "font-semibold text-amber-900" : "text-sky-900/80"}`}>
            {waiting === 0
              ? m.booking_rentals_link_hint()
              : waiting === 1
                ? m.booking_requests_waiting_one()
                : m.booking_requests_waiting({ count: String(waiting) })}
          </span>
        </span>
        <ArrowRight aria-hidden className="size-5 shrink-0" />
      </Link>
    </div>
  );
}

/** /court-bookings/rent ('Vermietungen - Plätze'): the rentals of the owner's courts. */
export function CourtRentalsScreen() {
  useLocale();
  return (
    <div className="pb-28">
      <Header
        title={m.booking_rentals_title()}
        subtitle={m.booking_rentals_subtitle()}
        back={
          <Link to="/court-bookings" className="-mt-2 -ml-1 mb-1 inline-flex min-h-9 items-center gap-1 px-1 text-[14px] font-semibold text-pitch-700">
            <ArrowLeft aria-hidden className="size-4" />
            {m.booking_list_title()}
          </Link>
        }
      />
      <div className="space-y-4 px-4 pt-2">
        <BookingList isCustomer={false} />
      </div>
    </div>
  );
}

/** Upcoming or past bookings under their heading; nothing when there are none. */
function BookingSection({ id, title, bookings, asOwner }: { id: string; title: string; bookings: TCourtBooking[]; asOwner: boolean }) {
  if (bookings.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-[13px] font-bold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      <ul className="space-y-3">
        {bookings.map((b) => (
          <li key={b.id}>
            <BookingCard booking={b} asOwner={asOwner} />
          </li>
        ))}
      </ul>
    </section>
  );
}
