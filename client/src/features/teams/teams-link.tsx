import { Link } from "@tanstack/react-router";
import { ChevronRight, Users } from "lucide-react";
import { teamsOpenAt } from "@shared/rules/teams-window";
import type { TGame } from "@shared/schemas/games";
import { m } from "@client/paraglide/messages";

const HOUR_MS = 3_600_000;

/**
 * The way to /game/{id}/teams on the game page: from 30 minutes before the start, while the teams matter (until
 * 12 hours after the end), for the organiser until the skill rating closes 7 days after the end.
 */
export function TeamsLink({ game, now }: { game: Pick<TGame, "id" | "startTime" | "endTime" | "cancelledAt" | "viewer">; now: Date }) {
  const t = now.getTime();
  const until = game.endTime.getTime() + (game.viewer.canManage ? 7 * 24 : 12) * HOUR_MS;
  if (game.cancelledAt || t < teamsOpenAt(game.startTime).getTime() || t >= until) return null;
  return (
    <Link
      to="/game/$id/teams"
      params={{ id: String(game.id) }}
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-3 py-2 text-left shadow-sm shadow-slate-900/5 hover:bg-slate-50"
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-orange-50 text-orange-600">
        <Users aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[16px] font-bold text-slate-900">{m.teams_link()}</span>
        <span className="block truncate text-[13px] text-slate-600">{m.teams_link_hint()}</span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}
