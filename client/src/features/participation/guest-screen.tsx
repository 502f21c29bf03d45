import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDays, UserRound, UserRoundX } from "lucide-react";
import { useState } from "react";
import { reliabilityColour, reliabilityShown, type ReliabilityColour } from "@shared/rules/player-list";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { GameCard } from "@client/features/games/game-card";
import { GUEST_GAMES_PAGE, guestProfileQueryOptions } from "./guest-queries";
import { intlLocale } from "@client/lib/intl-locale";


const TONES: Record<ReliabilityColour, string> = {
  good: "bg-pitch-50 text-pitch-900 ring-pitch-200",
  middling: "bg-amber-50 text-amber-950 ring-amber-200",
  bad: "bg-red-50 text-red-900 ring-red-200",
  unknown: "bg-slate-50 text-slate-700 ring-slate-200",
};

function RatingTile({ label, rating }: { label: string; rating: number | null }) {
  const tone = reliabilityColour(rating);
  return (
    <div className={`rounded-2xl px-3.5 py-3 ring-1 ${TONES[tone]}`}>
      <p className="text-[12px] font-semibold tracking-wide uppercase opacity-75">{label}</p>
      <p className="mt-1 text-[22px] leading-tight font-extrabold tabular-nums">
        {rating === null ? <span className="text-[15px] font-semibold">{m.guest_rating_unknown()}</span> : `${reliabilityShown(rating)}/10`}
      </p>
    </div>
  );
}

/** 'Spieler konnte nicht gefunden werden.' for an unknown guest (spec 000 section 8). */
export function GuestNotFound() {
  useLocale();
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <UserRoundX aria-hidden className="size-10" />
      </div>
      <h1 className="text-xl font-extrabold text-slate-900">{m.guest_not_found()}</h1>
      <Link to="/" className={buttonClassName({ className: "mt-6" })}>
        {m.not_found_home()}
      </Link>
    </div>
  );
}

/**
 * /guest/{id} (spec 000 section 2): first name, member since month and year, the "Gast" badge,
 * reliability and punctuality shown 0 to 10, and attended games with load-more in steps of 5.
 */
export function GuestScreen({ guestId }: { guestId: number }) {
  const { locale } = useLocale();
  const { data: first } = useSuspenseQuery(guestProfileQueryOptions(guestId));
  const [pageSize, setPageSize] = useState(GUEST_GAMES_PAGE);
  const more = useQuery({ ...guestProfileQueryOptions(guestId, pageSize), enabled: pageSize > GUEST_GAMES_PAGE });
  const guest = pageSize > GUEST_GAMES_PAGE && more.data ? more.data : first;
  const memberSince = new Intl.DateTimeFormat(intlLocale(locale), { month: "long", year: "numeric" }).format(guest.createdAt);

  return (
    <div className="pb-6">
      <div className="h-24 bg-gradient-to-br from-slate-500 to-slate-800" />
      <div className="relative -mt-10 px-5">
        <div className="inline-flex size-20 items-center justify-center rounded-full bg-slate-200 text-slate-600 ring-4 ring-white">
          <UserRound aria-hidden className="size-10" />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <h1 className="text-[28px] leading-tight font-extrabold tracking-tight text-slate-900">{guest.firstName}</h1>
          <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-[13px] font-bold text-white">{m.guest_badge()}</span>
        </div>
        <p className="mt-1 text-[15px] text-slate-600">{m.user_member_since({ date: memberSince })}</p>
        <div className="mt-5 grid grid-cols-2 gap-2">
          <RatingTile label={m.guest_reliability()} rating={guest.reliabilityRating} />
          <RatingTile label={m.guest_punctuality()} rating={guest.punctualityRating} />
        </div>
        <section aria-labelledby="guest-games" className="mt-8 space-y-3">
          <h2 id="guest-games" className="text-[20px] font-extrabold tracking-tight text-slate-900">
            {m.guest_attended_games()}
          </h2>
          {guest.attendedGames.objects.length === 0 ? (
            <EmptyState icon={<CalendarDays aria-hidden className="size-7" />}>
              <p className="text-[15px] text-slate-700">{m.guest_no_games()}</p>
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {guest.attendedGames.objects.map((game) => (
                <li key={game.id}>
                  <GameCard game={game} showDate />
                </li>
              ))}
            </ul>
          )}
          {guest.attendedGames.hasNext ? (
            <Button variant="outline" block loading={more.isFetching} onClick={() => setPageSize((n) => n + GUEST_GAMES_PAGE)}>
              {m.guest_load_more()}
            </Button>
          ) : null}
        </section>
      </div>
    </div>
  );
}
