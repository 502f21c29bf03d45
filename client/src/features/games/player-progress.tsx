import { playerListState, progressPercent } from "@shared/rules/player-list";
import { m } from "@client/paraglide/messages";

const BAR_TONES = {
  notEnough: "bg-amber-500",
  spotsFree: "bg-pitch-600",
  fullWaitingList: "bg-sky-600",
} as const;

const TEXT_TONES = {
  notEnough: "text-amber-800",
  spotsFree: "text-pitch-700",
  fullWaitingList: "text-sky-800",
} as const;

type Props = {
  participants: number;
  minPlayers: number;
  maxPlayers: number | null;
  size?: "sm" | "md";
  className?: string;
  /** players on the waiting list: a free spot is theirs (moving up, or offered close to kick-off), not a newcomer's */
  waiting?: number;
};

/** The sentence for the player list's state (spec 000 section 4, minimum players). */
export function playerStateText(participants: number, minPlayers: number, maxPlayers: number | null, waiting = 0): string {
  const state = playerListState(participants, minPlayers, maxPlayers);
  const missing = minPlayers - participants;
  if (state === "notEnough") return missing === 1 ? m.game_players_missing_one() : m.game_players_missing({ count: String(missing) });
  if (state === "fullWaitingList") return m.game_players_full();
  if (maxPlayers === null) return m.game_players_enough();
  const free = maxPlayers - participants;
  // someone waits: the free spots go to the waiting list (a newcomer queues too; offers hold them close to kick-off)
  if (waiting > 0) return free === 1 ? m.game_players_spots_for_waiting_list_one() : m.game_players_spots_for_waiting_list({ count: String(free) });
  return free === 1 ? m.game_players_spots_free_one() : m.game_players_spots_free({ count: String(free) });
}

/**
 * How full a game is: "7/10 Spieler", a state sentence and the progress bar (capped at 95 percent
 * when the minimum is reached and there is no maximum).
 */
export function PlayerProgress({ participants, minPlayers, maxPlayers, size = "md", className = "", waiting = 0 }: Props) {
  const listState = playerListState(participants, minPlayers, maxPlayers);
  // free spots that belong to the waiting list read as the waiting list's (playerStateText)
  const state = listState === "spotsFree" && waiting > 0 ? "fullWaitingList" : listState;
  const percent = progressPercent(participants, minPlayers, maxPlayers);
  const total = maxPlayers ?? minPlayers;
  const label =
    maxPlayers === null
      ? m.game_players_count_min({ count: String(participants), min: String(minPlayers) })
      : m.game_players_count_max({ count: String(participants), max: String(total) });
  return (
    <div className={className}>
      <div className={`flex items-baseline justify-between gap-3 ${size === "sm" ? "text-[13px]" : "text-[15px]"}`}>
        <span className="font-semibold whitespace-nowrap text-slate-800 tabular-nums">{label}</span>
        <span className={`truncate font-semibold ${TEXT_TONES[state]}`}>{playerStateText(participants, minPlayers, maxPlayers, waiting)}</span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-label={label}
        className={`mt-1.5 overflow-hidden rounded-full bg-slate-100 ${size === "sm" ? "h-1.5" : "h-2.5"}`}
      >
        <div className={`h-full rounded-full transition-[width] duration-500 ${BAR_TONES[state]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
