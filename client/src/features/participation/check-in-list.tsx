import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { organiserCheckInWindow } from "@shared/rules/check-in";
import type { TGameCheckIns } from "@shared/schemas/check-in";
import type { TGame } from "@shared/schemas/games";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { formatTime } from "@client/lib/format/dates";
import { participantName } from "@client/lib/format/players";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

/** The organiser's check-ins of a game: the one-tap list and the rating screen read the same query. */
export function checkInsQueryOptions(gameId: number) {
  return { ...trpc.participation.checkIns.queryOptions({ gameId }), refetchInterval: 15_000 };
}

/**
 * The organiser's one-tap check-in list (issue 29) on the game-day screen (/game/{id}/attendance-list): from 30
 * minutes before the start until the rating closes, a tap checks a player in or out; the head counts the players
 * ("7 von 10 eingecheckt"; "Ich + 2" counts 3). Players who checked themselves in at the court show up by
 * themselves (the list asks again every 15 seconds).
 */
export function CheckInList({ game, now }: { game: TGame; now: Date }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const window = organiserCheckInWindow({ start: game.startTime, end: game.endTime, now });
  const options = checkInsQueryOptions(game.id);
  const list = useQuery({ ...options, enabled: window !== "notYet" });
  const set = useMutation(trpc.participation.setCheckIn.mutationOptions());
  const [pending, setPending] = useState<number | null>(null);

  if (window === "notYet") return <Notice tone="info">{m.checkin_list_not_yet()}</Notice>;
  if (!list.data) return null;
  const data = list.data;
  const open = window === "open";
  const names = new Map(game.participations.map((p) => [p.id, participantName(p)]));
  const share = data.players > 0 ? Math.round((100 * data.checkedInPlayers) / data.players) : 0;

  async function tap(participationId: number, checkedIn: boolean) {
    setPending(participationId);
    try {
      const state = await set.mutateAsync({ gameId: game.id, participationId, checkedIn });
      queryClient.setQueryData(options.queryKey, (old: TGameCheckIns | undefined) => {
        if (!old) return old;
        const participations = old.participations.map((p) => (p.participationId === participationId ? { ...p, ...state, prefill: p.prefill } : p));
        return { ...old, participations, checkedInPlayers: participations.reduce((n, p) => n + (p.checkedInAt ? p.playerCount : 0), 0) };
      });
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
    } catch {
      // shown below
    } finally {
      setPending(null);
    }
  }

  return (
    <section data-testid="check-in-list" aria-labelledby="check-in-list-title" className="space-y-2">
      <div className="flex items-end justify-between gap-3">
        <h2 id="check-in-list-title" className="text-[18px] font-extrabold tracking-tight text-slate-900">
          {m.checkin_list_title()}
        </h2>
        <p data-testid="check-in-count" className="text-[15px] font-bold text-pitch-800">
          {m.checkin_list_count({ checked: String(data.checkedInPlayers), total: String(data.players) })}
        </p>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden>
        <div className="h-full rounded-full bg-pitch-600 transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p className="text-[14px] text-slate-600">{open ? m.checkin_list_hint() : m.checkin_list_closed()}</p>
      {set.isError ? <Notice tone="error">{errorMessage(set.error)}</Notice> : null}
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {data.participations.map((p) => {
          const name = names.get(p.participationId) ?? m.game_player_guest();
          const extras = p.playerCount > 1 ? `+${p.playerCount - 1}` : null;
          const checkedIn = p.checkedInAt !== null;
          const line = p.checkedInAt
            ? p.method === "location"
              ? m.checkin_list_at({ time: formatTime(p.checkedInAt, locale) })
              : m.checkin_list_by_organiser({ time: formatTime(p.checkedInAt, locale) })
            : now >= game.endTime
              ? m.attendance_not_checked_in()
              : m.checkin_list_not_checked_in();
          return (
            <li key={p.participationId}>
              <button
                type="button"
                role="switch"
                aria-checked={checkedIn}
                aria-label={checkedIn ? m.checkin_list_check_out({ name }) : m.checkin_list_check_in({ name })}
                disabled={!open || pending !== null}
                onClick={() => void tap(p.participationId, !checkedIn)}
                className="flex w-full items-center gap-3 px-4 py-3 text-left disabled:cursor-default"
              >
                <span
                  className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full border-2 transition-colors ${
                    checkedIn ? "border-pitch-600 bg-pitch-600 text-white" : "border-slate-300 bg-white text-transparent"
                  }`}
                >
                  {pending === p.participationId ? <LoaderCircle aria-hidden className="size-5 animate-spin text-slate-500" /> : <Check aria-hidden className="size-5" strokeWidth={3} />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5">
                    <span className="truncate text-[15px] font-semibold text-slate-900">{name}</span>
                    {extras ? <span className="shrink-0 rounded-full bg-pitch-100 px-1.5 text-[12px] font-bold text-pitch-800">{extras}</span> : null}
                  </span>
                  <span className={`flex flex-wrap items-center gap-x-1.5 text-[13px] ${checkedIn ? "text-slate-600" : "text-slate-500"}`}>
                    {line}
                    {p.late ? <span className="shrink-0 rounded-full bg-amber-100 px-1.5 font-bold whitespace-nowrap text-amber-900">{m.checkin_list_late()}</span> : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
