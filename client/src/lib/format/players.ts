import { m } from "@client/paraglide/messages";

/** "5 gegen 5" style label of teams x players per team. */
export function formatLineUp(teams: number, gameMode: number): string {
  if (teams === 2) return m.game_line_up_versus({ mode: String(gameMode) });
  return m.game_line_up_teams({ teams: String(teams), mode: String(gameMode) });
}

/** "4 Spieler waren dabei" for a game that is over. */
export function finishedPlayersText(count: number): string {
  return count === 1 ? m.game_finished_players_one() : m.game_finished_players({ count: String(count) });
}

/** A participant's name: the player's first name, else the name a guest gave, else "Gast". */
export function participantName(participation: { player: { firstName: string } | null; firstName: string | null }): string {
  return participation.player?.firstName ?? participation.firstName ?? m.game_player_guest();
}
