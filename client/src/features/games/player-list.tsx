import { Link } from "@tanstack/react-router";
import { Ellipsis, Shirt, UserRound } from "lucide-react";
import { reliabilityColour, reliabilityShown, type ParticipationColour, type ReliabilityColour } from "@shared/rules/player-list";
import type { TGame } from "@shared/schemas/games";
import { Avatar } from "@client/components/avatar";
import { BallIcon } from "@client/components/ball-icon";
import { m } from "@client/paraglide/messages";
import { PaymentCodeBadge } from "@client/features/participation/cash-request";
import { finishedPlayersText, participantName } from "@client/lib/format/players";
import { PlayerProgress } from "./player-progress";

const RELIABILITY_CLASSES: Record<ReliabilityColour, string> = {
  good: "bg-pitch-600 text-white",
  middling: "bg-amber-400 text-amber-950",
  bad: "bg-red-600 text-white",
  unknown: "bg-slate-300 text-slate-800",
};

/** The participation colours are the reliability scale's colours under their spec names (spec 000 section 9). */
const TONE_OF: Record<ParticipationColour, ReliabilityColour> = { green: "good", yellow: "middling", red: "bad", grey: "unknown" };

type Participation = TGame["participations"][number];

/** Players someone brings besides themself. */
function extrasOf(participation: Participation): number {
  return Math.max(0, participation.playerCount - (participation.playsHimself ? 1 : 0));
}

/** What a colour means in words: "Kommt immer" ... "Noch unbekannt" (the legend's texts). */
function colourMeaning(tone: ReliabilityColour): string {
  return LEGEND.find((item) => item.tone === tone)!.label();
}

/** The participation colour everybody sees (spec 000 section 9), as a dot with its meaning for screen readers. */
function ParticipationDot({ colour }: { colour: ParticipationColour }) {
  const tone = TONE_OF[colour];
  return (
    <span
      role="img"
      data-colour={colour}
      aria-label={m.game_participation_colour_label({ meaning: colourMeaning(tone) })}
      className={`inline-block size-3.5 rounded-full ring-2 ring-white ${RELIABILITY_CLASSES[tone]}`}
    />
  );
}

function ReliabilityBadge({ rating }: { rating: number | null }) {
  const tone = reliabilityColour(rating);
  const score = rating === null ? null : reliabilityShown(rating);
  return (
    <span
      className={`inline-flex h-6 min-w-9 items-center justify-center rounded-full px-1.5 text-[12px] font-bold tabular-nums ${RELIABILITY_CLASSES[tone]}`}
      aria-label={score === null ? m.game_reliability_unknown_label() : m.game_reliability_label({ score: String(score) })}
    >
      {score === null ? "?" : `${score}/10`}
    </span>
  );
}

type PlayerAction = (participation: Participation) => void;

/** A player's name links to the profile; 44 px tall so a thumb hits it (WCAG 2.5.5). */
const NAME_LINK = "inline-flex min-h-11 min-w-0 items-center truncate font-semibold text-slate-900 underline-offset-4 hover:underline";

function PlayerRow({
  participation,
  index,
  showReliability,
  onAction,
}: {
  participation: Participation;
  index: number;
  /** the viewer may see this row's score: the creator, an admin, the player themself (spec 000 section 6) */
  showReliability: (participation: Participation) => boolean;
  onAction?: PlayerAction;
}) {
  const name = participantName(participation);
  const extras = extrasOf(participation);
  const person = participation.player;
  const nameNode = person ? (
    <Link to="/user/$id" params={{ id: String(person.id) }} className={NAME_LINK}>
      {name}
    </Link>
  ) : participation.guestProfileId !== null ? (
    <Link
      to="/guest/$id"
      params={{ id: String(participation.guestProfileId) }}
      className={NAME_LINK}
    >
      {name}
    </Link>
  ) : (
    <span className="truncate font-semibold text-slate-900">{name}</span>
  );
  return (
    <tr className="border-t border-slate-100 first:border-t-0">
      <td className="w-8 py-2.5 pl-4 text-[13px] font-semibold text-slate-500 tabular-nums">{index}</td>
      <td className="py-2.5 pr-2">
        <div className="flex min-w-0 items-center gap-2.5">
          {person ? (
            <Avatar name={name} imageUrl={person.profileImageUrl} size="sm" alt="" />
          ) : (
            <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600">
              <UserRound aria-hidden className="size-4" />
            </span>
          )}
          <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-[15px]">
            {nameNode}
            {extras > 0 ? (
              <span className="rounded-full bg-pitch-100 px-1.5 text-[12px] font-bold text-pitch-800">
                {m.game_player_extras({ count: String(extras) })}
              </span>
            ) : null}
            {!participation.playsHimself ? <span className="text-[12px] text-slate-500">{m.game_player_not_playing()}</span> : null}
            <PaymentCodeBadge code={participation.paymentCode} />
          </div>
        </div>
      </td>
      <td className="py-2.5 pr-2 text-right whitespace-nowrap">
        <span className="inline-flex items-center gap-1 text-slate-500">
          {participation.bringsBall ? <BallIcon className="size-4 text-slate-700" /> : null}
          {participation.bringsBall ? <span className="sr-only">{m.game_player_brings_ball()}</span> : null}
          {participation.bringsBibs ? <Shirt aria-label={m.game_player_brings_bibs()} className="size-4 text-slate-700" /> : null}
        </span>
      </td>
      <td className="py-2.5 pr-4 text-right">
        {showReliability(participation) ? (
          <ReliabilityBadge rating={participation.player?.reliabilityRating ?? participation.guestReliabilityRating} />
        ) : (
          <ParticipationDot colour={participation.participationColour} />
        )}
      </td>
      {onAction ? (
        <td className="py-1 pr-2 text-right">
          <button
            type="button"
            onClick={() => onAction(participation)}
            aria-label={m.player_actions_label({ name })}
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <Ellipsis aria-hidden className="size-5" />
          </button>
        </td>
      ) : null}
    </tr>
  );
}

function PlayerTable({
  label,
  rows,
  showReliability,
  onAction,
}: {
  label: string;
  rows: Participation[];
  showReliability: (participation: Participation) => boolean;
  onAction?: PlayerAction;
}) {
  return (
    <table className="w-full table-fixed border-collapse text-left">
      <caption className="sr-only">{label}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">#</th>
          <th scope="col">{m.game_players_column_name()}</th>
          <th scope="col">{m.game_players_column_gear()}</th>
          <th scope="col">{m.game_reliability_title()}</th>
          {onAction ? <th scope="col" /> : null}
        </tr>
      </thead>
      <colgroup>
        <col className="w-10" />
        <col />
        <col className="w-14" />
        <col className={rows.some(showReliability) ? "w-16" : "w-9"} />
        {onAction ? <col className="w-13" /> : null}
      </colgroup>
      <tbody>
        {rows.map((participation, index) => (
          <PlayerRow
            key={participation.id}
            participation={participation}
            index={index + 1}
            showReliability={showReliability}
            onAction={onAction}
          />
        ))}
      </tbody>
    </table>
  );
}

const LEGEND: { tone: ReliabilityColour; label: () => string }[] = [
  { tone: "good", label: () => m.game_reliability_good() },
  { tone: "middling", label: () => m.game_reliability_middling() },
  { tone: "bad", label: () => m.game_reliability_bad() },
  { tone: "unknown", label: () => m.game_reliability_unknown() },
];

/** What the participation colours mean (spec 000 sections 2 and 9): shown with the player list to everybody. */
export function ReliabilityLegend() {
  return (
    <section aria-labelledby="reliability-legend" className="rounded-2xl bg-slate-50 p-4">
      <h3 id="reliability-legend" className="text-[14px] font-bold text-slate-900">
        {m.game_reliability_title()}
      </h3>
      <p className="mt-0.5 text-[13px] text-slate-600">{m.game_reliability_intro()}</p>
      <ul className="mt-2.5 grid grid-cols-1 gap-1.5">
        {LEGEND.map((item) => (
          <li key={item.tone} className="flex items-center gap-2.5 text-[14px] text-slate-800">
            <span aria-hidden className={`size-3.5 shrink-0 rounded-full ${RELIABILITY_CLASSES[item.tone]}`} />
            {item.label()}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The player list (spec 000 sections 2 and 4): state and progress bar (for a game that is over, how
 * many took part), the players, the waiting list, every player's participation colour with its legend,
 * and the reliability score where the viewer may see it.
 */
export function PlayerList({
  game,
  viewerId,
  finished = false,
  onPlayerAction,
}: {
  game: TGame;
  viewerId: number | null;
  finished?: boolean;
  onPlayerAction?: PlayerAction;
}) {
  const active = game.participations.filter((p) => !p.queue);
  // A waiting list no longer means anything once the game is over.
  const waiting = finished ? [] : game.participations.filter((p) => p.queue);
  // Scores are visible to the creator and admins and to each player for themself; everybody else sees
  // the colour only (the server sends no score to them, so a missing one is not "unknown").
  const showReliability = (p: Participation) => game.viewer.canSeeReliability || (viewerId !== null && p.player?.id === viewerId);

  return (
    <section aria-labelledby="player-list" className="space-y-4">
      <div className="flex items-end justify-between gap-3">
        <h2 id="player-list" className="text-[20px] font-extrabold tracking-tight text-slate-900">
          {m.game_players_title()}
        </h2>
        <span className="text-[14px] font-semibold text-slate-600">{game.maxPlayers === null
            ? m.game_players_min_label({ min: String(game.minPlayers) })
            : m.game_players_min_max_label({ min: String(game.minPlayers), max: String(game.maxPlayers) })}</span>
      </div>
      {game.cancelledAt ? null : finished ? (
        <p className="text-[15px] font-semibold text-slate-700 tabular-nums">{finishedPlayersText(game.participantsAmount)}</p>
      ) : (
        <PlayerProgress
          participants={game.participantsAmount}
          minPlayers={game.minPlayers}
          maxPlayers={game.maxPlayers}
          waiting={game.participations.filter((p) => p.queue).length}
        />
      )}
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {active.length > 0 ? (
          <PlayerTable label={m.game_players_title()} rows={active} showReliability={showReliability} onAction={onPlayerAction} />
        ) : (
          <p className="px-4 py-6 text-center text-[15px] text-slate-600">{m.game_players_empty()}</p>
        )}
      </div>
      {waiting.length > 0 ? (
        <div>
          <h3 className="mb-2 text-[16px] font-bold text-slate-900">{m.game_waiting_list_title({ count: String(waiting.length) })}</h3>
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <PlayerTable label={m.game_waiting_list_label()} rows={waiting} showReliability={showReliability} onAction={onPlayerAction} />
          </div>
        </div>
      ) : null}
      {game.participations.length > 0 ? <ReliabilityLegend /> : null}
    </section>
  );
}
