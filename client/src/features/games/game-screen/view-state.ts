import { gamePhase, type GamePhase } from "@shared/rules/game-phase";
import { gameEndTime } from "@shared/rules/game-windows";
import { canPlayAlong } from "@shared/rules/participation";
import { playersIn } from "@shared/rules/player-list";
import { ratingWindow, showRatingPrompt } from "@shared/rules/reliability";
import type { TGame } from "@shared/schemas/games";
import { joinsWaitingList, regularsHeadStart } from "@client/features/participation/join-rules";

/**
 * What the game page shows, derived from the game, the viewer's own participation and the time (spec 000
 * sections 2, 4, 5). Pure, so the page's rules are tested without a browser; the sections only draw it.
 */
export type GameView = {
  end: Date;
  phase: GamePhase;
  full: boolean;
  /** the 'Mitspielen' button (and the room kept free for it at the bottom) */
  playAlong: boolean;
  /** joining goes to the waiting list */
  queue: boolean;
  headStart: ReturnType<typeof regularsHeadStart>;
  /** the organiser may act on players from the list: before the start of a game not cancelled */
  organiserActions: boolean;
  /** admins collect the money of a managed-payment game that goes ahead */
  collectMoney: boolean;
  /** the finished banner asks the organiser to rate the attendance (else it offers the list) */
  finishedRate: boolean;
  /** the rating prompt of a game that is not finished yet (1 hour after the start, no feedback yet) */
  ratingPrompt: boolean;
};

export function gameView(game: TGame, own: { id: number } | null, now: Date): GameView {
  const end = gameEndTime(game.startTime, game.durationMinutes);
  const full = game.maxPlayers !== null && playersIn(game.participations) >= game.maxPlayers;
  const phase = gamePhase({ cancelledAt: game.cancelledAt, startTime: game.startTime, endTime: end, now });
  const window = ratingWindow({ start: game.startTime, durationMinutes: game.durationMinutes, now, isAdmin: game.viewer.isAdmin });
  const prompt = (isCreatorOrAdmin: boolean) =>
    showRatingPrompt({ isCreatorOrAdmin, receivedFeedback: game.receivedOrganizerReliabilityFeedback, start: game.startTime, now, window });
  return {
    end,
    phase,
    full,
    playAlong: canPlayAlong({ participating: own !== null, cancelled: game.cancelledAt !== null, start: game.startTime, end, full, now }),
    queue: joinsWaitingList(game),
    headStart: regularsHeadStart(game, now),
    organiserActions: game.viewer.canManage && !game.cancelledAt && now < game.startTime,
    collectMoney: game.isManagedPayment && game.viewer.isAdmin && !game.cancelledAt,
    finishedRate: phase === "finished" && game.viewer.canManage && prompt(true),
    ratingPrompt: phase !== "finished" && !game.cancelledAt && prompt(game.viewer.canManage),
  };
}
