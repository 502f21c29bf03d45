import type { z } from "zod";
import type { ZUserGamesInput } from "@shared/schemas/users";
import type { TGameListItem } from "@shared/schemas/games";
import type { Ctx } from "../../context";
import { userGames } from "../games/read";

/**
 * A page of a user's hosted, attended or queue games for the profile lists (spec 001 section 2.6),
 * for both transports. The waiting list is private to its owner: anyone else sees it empty (the
 * wrapper's `user(id)` asks for all three lists on every profile, so refusing would fail the page).
 */
export async function profileGames(ctx: Ctx, input: z.output<typeof ZUserGamesInput>): Promise<{ objects: TGameListItem[]; hasNext: boolean }> {
  if (input.kind === "queue" && ctx.viewer?.userId !== input.userId) return { objects: [], hasNext: false };
  return userGames(ctx, input);
}
