import { Link } from "@tanstack/react-router";
import { MapPin, Trophy, UsersRound } from "lucide-react";
import type { TTournamentListItem } from "@shared/schemas/tournaments";
import { formatCardDate, formatTime } from "@client/lib/format/dates";
import { formatLineUp } from "@client/lib/format/players";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { entryFeeText, teamsText } from "./tournament-format";

/** Where it takes place: the court's name, else the place the organiser named. */
export function placeName(tournament: Pick<TTournamentListItem, "court" | "locationName">): string | null {
  return tournament.court?.name ?? tournament.locationName;
}

/**
 * One tournament in /tournaments and the feed's tab, in the feed card's shape: the date block, name and place,
 * the teams so far, the entry fee per player or team (with the VAT note of a business tournament). The whole
 * card links to /tournament/{id}.
 */
export function TournamentCard({ tournament }: { tournament: TTournamentListItem }) {
  const { locale } = useLocale();
  const place = placeName(tournament);
  return (
    <Link
      to="/tournament/$id"
      params={{ id: String(tournament.id) }}
      data-testid="tournament-card"
      className="group block rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5 transition hover:border-pitch-600/40 hover:shadow-md active:scale-[0.99]"
    >
      <div className="flex gap-3.5">
        <div className="flex w-[4.75rem] shrink-0 flex-col items-center justify-center rounded-2xl bg-amber-50 px-1 py-2.5 text-center text-amber-950">
          <Trophy aria-hidden className="mb-0.5 size-4 text-amber-600" />
          <span className="text-[12px] leading-tight font-semibold whitespace-nowrap text-amber-800">{formatCardDate(tournament.startTime, locale)}</span>
          <span className="text-[20px] leading-tight font-extrabold tabular-nums">{formatTime(tournament.startTime, locale)}</span>
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="text-[17px] leading-snug font-bold text-slate-900">
            <span className="line-clamp-2 break-words">{tournament.name}</span>
          </h3>
          {place ? (
            <p className="mt-0.5 flex items-center gap-1 truncate text-[14px] text-slate-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{place}</span>
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] font-semibold text-slate-700">{formatLineUp(2, tournament.gameMode)}</span>
            <span
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[12px] font-semibold tabular-nums ${
                tournament.full ? "bg-amber-100 text-amber-900" : "bg-pitch-50 text-pitch-800"
              }`}
            >
              <UsersRound aria-hidden className="size-3.5" />
              {teamsText(tournament.teamAmount, tournament.maxTeams)}
            </span>
            {tournament.full ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[12px] font-bold text-amber-900">{m.tournament_full()}</span> : null}
          </div>
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <span className="text-[13px] font-semibold text-slate-600">{m.tournament_fee_title()}</span>
        <span className="text-right">
          <span className="block text-[15px] font-extrabold text-slate-900 tabular-nums">{entryFeeText(tournament, locale)}</span>
          {tournament.vatPercentIncluded ? (
            <span className="block text-[12px] font-medium text-slate-600">{m.tournament_vat_included({ percent: String(tournament.vatPercentIncluded) })}</span>
          ) : null}
        </span>
      </div>
    </Link>
  );
}
