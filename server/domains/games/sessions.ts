import type { z } from "zod";
import type { ZCreateGameInput, ZUpdateGameInput } from "@shared/schemas/games";

/**
 * What the games domain asks of the weekly sessions above it (domains/weekly imports games, never the other
 * way round). Two of games' API calls carry a session's part: createGame with `gameTemplateId` ("takes place":
 * next week's game made from the session's template) and updateGame with `updateFutureGames` (the session and
 * its other future games change too). The sessions domain implements this; domains/reactions.ts wires it into
 * `Deps.sessions`, as it wires the game-event reactions. What must happen inside a game's creating transaction
 * (a new session from its first game, a confirmed week) is a reaction to the CREATED event instead.
 * `C` is the request context (context.ts `Ctx`), generic so this file never imports context.ts, which imports it.
 */
export type GameSessions<C> = {
  /**
   * "Takes place" (createGame with gameTemplateId): the week's game as the session makes it, every field from its
   * template, or the session's refusal (not found for who may not manage it, not in the confirmation window,
   * not the next weekly start, the organiser's player count). The game is the session creator's (`organiserId`).
   */
  weekGame(ctx: C, actor: { id: number; isAdmin: boolean }, input: CreateGameInput): Promise<{ organiserId: number; input: CreateGameInput }>;
  /** updateGame with updateFutureGames, after the game's own edit: the session's template and its other games that have not started. */
  editFutureGames(ctx: C, templateId: number, input: UpdateGameInput, now: Date): Promise<void>;
};

export type CreateGameInput = z.output<typeof ZCreateGameInput>;
export type UpdateGameInput = z.output<typeof ZUpdateGameInput>;

/** The wired sessions; a process whose Deps were not wired (domains/reactions.ts wireReactions) fails loudly. */
export function sessionsOf<C>(deps: { sessions: GameSessions<C> | null }): GameSessions<C> {
  if (!deps.sessions) throw new Error("Deps.sessions is not wired: call wireReactions (server/domains/reactions.ts)");
  return deps.sessions;
}
