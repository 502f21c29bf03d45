import type { TGameListItem } from "@shared/schemas/games";
import { m } from "@client/paraglide/messages";

// The labels of a game's own fields; dates, prices and player texts are in client/src/lib/format.

type Level = TGameListItem["level"];
type Gender = TGameListItem["gender"];

export function levelLabel(level: Level): string {
  switch (level) {
    case "LOW":
      return m.game_level_low();
    case "MEDIUM":
      return m.game_level_medium();
    case "HIGH":
      return m.game_level_high();
    default:
      return m.game_level_all();
  }
}

export function genderLabel(gender: Gender): string {
  switch (gender) {
    case "FEMALE":
      return m.game_gender_female();
    case "MALE":
      return m.game_gender_male();
    default:
      return m.game_gender_mixed();
  }
}

/** Level colours (spec 000 section 2: low, medium, high coloured). */
export const LEVEL_TONES: Record<Level, string> = {
  ALL: "bg-slate-100 text-slate-800",
  LOW: "bg-emerald-100 text-emerald-900",
  MEDIUM: "bg-amber-100 text-amber-900",
  HIGH: "bg-rose-100 text-rose-900",
};

/** The title, else the court's name, else a generic name. */
export function gameDisplayTitle(game: Pick<TGameListItem, "title" | "court">): string {
  return game.title ?? game.court?.name ?? m.game_untitled();
}
