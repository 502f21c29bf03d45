import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "@client/paraglide/messages";

/** The title bar of a tournament's sub-page (teams, plan): the way back to the tournament, the title, the tournament's name and an optional action. */
export function TournamentSubHeader({ tournamentId, title, subtitle, aside }: { tournamentId: number; title: string; subtitle: string; aside?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-3 pb-4">
      <Link
        to="/tournament/$id"
        params={{ id: String(tournamentId) }}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
      >
        <ArrowLeft aria-hidden className="size-5" />
        {m.tournament_back_to_page()}
      </Link>
      <div className="mt-1 flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 line-clamp-2 text-[16px] break-words text-slate-700">{subtitle}</p>
        </div>
        {aside}
      </div>
    </div>
  );
}
