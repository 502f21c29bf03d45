import { Clock, MapPin, Trophy, UsersRound } from "lucide-react";
import type { TTournament } from "@shared/schemas/tournaments";
import { formatLongDate } from "@client/lib/format/dates";
import { formatLineUp } from "@client/lib/format/players";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { placeName } from "../tournament-card";
import { teamsText, timeSpanText } from "../tournament-format";

/** The top of the tournament page, like the game page's: date, name, time and place, the line-up and the teams so far. */
export function TournamentHero({ tournament }: { tournament: TTournament }) {
  const { locale } = useLocale();
  const image = tournament.court?.imageUrl;
  const place = placeName(tournament);
  const cancelled = tournament.cancelledAt !== null;
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-pitch-700 to-pitch-900 px-5 pt-5 pb-6 text-white">
      {image ? <img src={image} alt="" className="absolute inset-0 size-full object-cover opacity-30" /> : null}
      <Trophy aria-hidden className="absolute -right-6 -bottom-8 size-44 rotate-12 text-white/10" />
      <div className="relative">
        <p className="text-[15px] font-semibold text-pitch-100 first-letter:uppercase">{formatLongDate(tournament.startTime, locale)}</p>
        <h1 className={`mt-1 text-[27px] leading-tight font-extrabold tracking-tight break-words ${cancelled ? "line-through decoration-2" : ""}`}>
          {tournament.name}
        </h1>
        <p className="mt-2 flex items-center gap-2 text-[17px] font-bold tabular-nums">
          <Clock aria-hidden className="size-5 shrink-0 text-pitch-200" />
          {timeSpanText(tournament.startTime, tournament.endTime, locale)}
        </p>
        {place ? (
          <p className="mt-1 flex items-center gap-2 text-[15px] text-pitch-50">
            <MapPin aria-hidden className="size-5 shrink-0 text-pitch-200" />
            <span className="truncate">{place}</span>
          </p>
        ) : null}
        <ul className="mt-4 flex flex-wrap gap-1.5 text-[13px] font-semibold">
          <li className="inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-1 text-amber-950">
            <Trophy aria-hidden className="size-3.5" />
            {m.tournament_badge()}
          </li>
          <li className="rounded-full bg-white/15 px-2.5 py-1">{formatLineUp(2, tournament.gameMode)}</li>
          <li className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-1 tabular-nums">
            <UsersRound aria-hidden className="size-3.5" />
            {teamsText(tournament.teamAmount, tournament.maxTeams)}
          </li>
          {tournament.organization ? <li className="rounded-full bg-white/15 px-2.5 py-1">{tournament.organization.name}</li> : null}
        </ul>
      </div>
    </div>
  );
}
