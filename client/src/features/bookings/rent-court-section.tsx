import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowRight, BadgePercent, CalendarClock, CalendarX2, KeyRound, LogIn, RefreshCw, Send } from "lucide-react";
import { useState } from "react";
import { COURT_BOOKING } from "@shared/constants";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { formatMoney } from "@shared/rules/money";
import type { TBookingSlots } from "@shared/schemas/bookings";
import type { TCourtDetail } from "@shared/schemas/courts";
import { Button, buttonClassName } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { Notice } from "@client/components/notice";
import { useAccount } from "@client/lib/account";
import { drawingTime, useHydrated } from "@client/lib/hydration";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useReturnSearch } from "@client/features/auth/use-return-search";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { dayChipParts, formatTimeRange } from "./booking-format";
import { bookingSlotsQueryOptions, storeBooking } from "./booking-queries";

/** How many days the day chips offer: today and the next 13 (Berlin dates). */
const DAYS = 14;

type Duration = (typeof COURT_BOOKING.durations)[number];
type Slot = TBookingSlots["slots"][number];

function optionOf(slot: Slot, duration: Duration) {
  return slot.options.find((o) => o?.duration === duration) ?? null;
}

/**
 * 'Platz mieten' on the page of a rentable court (spec 001 section 2.8): a day, a free start time and
 * 60 or 90 minutes, the price with the court's discount, and the request to the owner, after which
 * the renter lands on the booking's page (/court-booking/{id}).
 */
export function RentCourtSection({ court }: { court: TCourtDetail }) {
  const { locale } = useLocale();
  const account = useAccount();
  // hydrating a court page the server drew: its day (server/http/boot-data.ts loads that day's free times)
  const hydrated = useHydrated();
  const [today] = useState(() => berlinDay(drawingTime(hydrated)));
  const [day, setDay] = useState(today);
  const [duration, setDuration] = useState<Duration>(90);
  const [start, setStart] = useState<number | null>(null);
  const slots = useQuery(bookingSlotsQueryOptions(court.id, day));

  if (!court.rentable || !court.owner) return null;
  const isOwner = account !== null && account.id === court.owner.id;

  const days = Array.from({ length: DAYS }, (_, i) => addBerlinDays(today, i));
  const free = slots.data?.slots.filter((s) => optionOf(s, duration) !== null) ?? [];
  const chosen = free.find((s) => s.startTime.getTime() === start) ?? null;
  const option = chosen ? optionOf(chosen, duration) : null;

  return (
    <section aria-labelledby="court-rent" data-testid="rent-court" className="rounded-3xl border border-sky-200 bg-gradient-to-b from-sky-50 to-white p-4">
      <h2 id="court-rent" className="flex items-center gap-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-sky-100 text-sky-800">
          <KeyRound aria-hidden className="size-4.5" />
        </span>
        {m.booking_rent_title()}
      </h2>
      {isOwner ? (
        <div className="mt-3 space-y-3">
          <p className="text-[15px] leading-snug text-slate-700">{m.booking_rent_own_court()}</p>
          <Link to="/court-bookings/rent" className={buttonClassName({ variant: "outline", block: true })}>
            {m.booking_rentals_title()}
            <ArrowRight aria-hidden className="size-5" />
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-[14px] leading-snug text-slate-600">{m.booking_rent_intro({ owner: court.owner.firstName })}</p>
          {slots.data?.discount ? (
            <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-[13px] font-bold text-amber-900">
              <BadgePercent aria-hidden className="size-4" />
              {m.booking_discount_offer({
                name: slots.data.discount.name,
                percent: String(slots.data.discount.relativeAmount),
                min: formatMoney(slots.data.discount.minPriceToApplyCents, locale),
              })}
            </p>
          ) : null}

          <div className="mt-4 space-y-4">
            <ChoiceChips
              label={m.booking_day_label()}
              scroll
              size="lg"
              value={day}
              onValueChange={(next) => {
                setDay(next);
                setStart(null);
              }}
              choices={days.map((d, i) => {
                const parts = dayChipParts(d, locale);
                return {
                  value: d,
                  ariaLabel: parts.long,
                  label: (
                    <span className="flex min-w-11 flex-col items-center leading-tight">
                      <span className="text-[12px] font-semibold uppercase opacity-80">{i === 0 ? m.booking_today() : parts.weekday}</span>
                      <span className="text-[15px] font-bold tabular-nums">{parts.date}</span>
                    </span>
                  ),
                };
              })}
            />
            <ChoiceChips
              label={m.booking_duration_label()}
              value={duration}
              onValueChange={(next) => setDuration(next)}
              choices={COURT_BOOKING.durations.map((d) => ({ value: d, label: m.booking_minutes({ minutes: String(d) }) }))}
            />
            <TimeChoice slots={slots} free={free} start={start} onStart={setStart} locale={locale} />
          </div>

          {chosen && option ? (
            <div data-testid="rent-price" className="mt-4 rounded-2xl bg-slate-900 px-4 py-3.5 text-white">
              <p className="text-[14px] font-semibold opacity-80">
                {formatShortDate(chosen.startTime, locale)} · {formatTimeRange(chosen.startTime, new Date(chosen.startTime.getTime() + duration * 60_000), locale)} ·{" "}
                {m.booking_minutes({ minutes: String(duration) })}
              </p>
              <div className="mt-1 flex flex-wrap items-baseline gap-x-2.5 gap-y-1">
                <span className="text-[28px] leading-tight font-extrabold tabular-nums">{formatMoney(option.priceCents, locale)}</span>
                {option.priceCents < option.listPriceCents ? (
                  <>
                    <s className="text-[16px] font-semibold tabular-nums opacity-60" aria-label={m.booking_list_price_label({ price: formatMoney(option.listPriceCents, locale) })}>
                      {formatMoney(option.listPriceCents, locale)}
                    </s>
                    {slots.data?.discount ? (
                      <span className="rounded-full bg-amber-300 px-2 py-0.5 text-[12px] font-extrabold text-amber-950">
                        {m.booking_discount_chip({ name: slots.data.discount.name, percent: String(slots.data.discount.relativeAmount) })}
                      </span>
                    ) : null}
                  </>
                ) : null}
              </div>
            </div>
          ) : null}

          <div className="mt-4">
            {account ? (
              <RequestButton courtId={court.id} start={chosen?.startTime ?? null} duration={duration} />
            ) : (
              <SignInToRent />
            )}
          </div>
        </>
      )}
    </section>
  );
}

function TimeChoice({
  slots,
  free,
  start,
  onStart,
  locale,
}: {
  slots: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  free: Slot[];
  start: number | null;
  onStart: (start: number) => void;
  locale: string;
}) {
  return (
    <div>
      <p id="rent-times" className="mb-2 text-sm font-semibold text-slate-800">
        {m.booking_time_label()}
      </p>
      {slots.isPending ? (
        <div aria-busy className="grid animate-pulse grid-cols-4 gap-2">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="h-11 rounded-xl bg-slate-200/70" />
          ))}
        </div>
      ) : slots.isError ? (
        <div className="rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200">
          <p role="alert" className="text-[15px] font-semibold text-slate-800">
            {m.booking_slots_error()}
          </p>
          <Button className="mt-2" variant="outline" loading={slots.isFetching} onClick={() => void slots.refetch()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.court_retry()}
          </Button>
        </div>
      ) : free.length === 0 ? (
        <div className="flex items-center gap-3 rounded-2xl bg-white px-4 py-3.5 text-slate-700 ring-1 ring-slate-200">
          <CalendarX2 aria-hidden className="size-6 shrink-0 text-slate-400" />
          <p className="text-[15px] leading-snug">{m.booking_no_free_times()}</p>
        </div>
      ) : (
        <div role="radiogroup" aria-labelledby="rent-times" className="grid grid-cols-4 gap-2">
          {free.map((slot) => {
            const checked = slot.startTime.getTime() === start;
            return (
              <button
                key={slot.startTime.getTime()}
                type="button"
                role="radio"
                aria-checked={checked}
                onClick={() => onStart(slot.startTime.getTime())}
                className={`min-h-11 rounded-xl border text-[15px] font-semibold tabular-nums transition-colors ${
                  checked ? "border-pitch-600 bg-pitch-600 text-white shadow-sm shadow-pitch-900/20" : "border-slate-300 bg-white text-slate-800 hover:border-pitch-600/60"
                }`}
              >
                {formatTime(slot.startTime, locale)}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

function RequestButton({ courtId, start, duration }: { courtId: number; start: Date | null; duration: Duration }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.bookings.create.mutationOptions());
  return (
    <div className="space-y-3">
      {create.isError ? <Notice tone="error">{errorMessage(create.error)}</Notice> : null}
      <Button
        size="lg"
        block
        disabled={start === null}
        loading={create.isPending}
        onClick={() => {
          if (!start) return;
          create.mutate(
            { courtId, startTime: start, duration },
            {
              onSuccess: (booking) => {
                storeBooking(queryClient, booking);
                void navigate({ to: "/court-booking/$id", params: { id: String(booking.id) } });
              },
              // taken or closed meanwhile: show the day's free times as they are now
              onError: () => void queryClient.invalidateQueries({ queryKey: trpc.bookings.slots.pathKey() }),
            },
          );
        }}
      >
        {start === null ? <CalendarClock aria-hidden className="size-5" /> : <Send aria-hidden className="size-5" />}
        {start === null ? m.booking_pick_time() : m.booking_request()}
      </Button>
      <p className="text-center text-[13px] leading-snug text-slate-500">{m.booking_request_hint()}</p>
    </div>
  );
}

function SignInToRent() {
  const returnSearch = useReturnSearch();
  return (
    <div className="rounded-2xl bg-white p-4 text-center ring-1 ring-slate-200">
      <p className="text-[15px] font-semibold text-slate-800">{m.booking_sign_in_to_rent()}</p>
      <Link to="/login" search={returnSearch} className={buttonClassName({ block: true, className: "mt-3" })}>
        <LogIn aria-hidden className="size-5" />
        {m.menu_sign_in()}
      </Link>
    </div>
  );
}
