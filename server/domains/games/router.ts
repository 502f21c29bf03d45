import { z } from "zod";
import {
  ZCancelGameInput,
  ZCreateGameInput,
  ZGame,
  ZGameFeed,
  ZGameFeedInput,
  ZGameIdInput,
  ZGameListItem,
  ZSearchGamesInput,
  ZUpdateGameInput,
} from "@shared/schemas/games";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as games from "./service";

export const gamesRouter = router({
  feed: publicProcedure.input(ZGameFeedInput).output(ZGameFeed).query(({ ctx, input }) => games.feed(ctx, input)),
  search: publicProcedure.input(ZSearchGamesInput).output(z.array(ZGameListItem)).query(({ ctx, input }) => games.searchGames(ctx, input)),
  byId: publicProcedure.input(ZGameIdInput).output(ZGame).query(({ ctx, input }) => games.gameById(ctx, input.gameId)),
  create: authedProcedure.input(ZCreateGameInput).output(z.object({ id: z.number().int() })).mutation(({ ctx, input }) => games.createGame(ctx, input)),
  update: authedProcedure.input(ZUpdateGameInput).output(ZGame).mutation(({ ctx, input }) => games.updateGame(ctx, input)),
  cancel: authedProcedure.input(ZCancelGameInput).output(ZGame).mutation(({ ctx, input }) => games.cancelGame(ctx, input)),
  makePublic: authedProcedure.input(ZGameIdInput).output(ZGame).mutation(({ ctx, input }) => games.makeGamePublic(ctx, input.gameId)),
  confirmTakesPlace: authedProcedure.input(ZGameIdInput).output(ZGame).mutation(({ ctx, input }) => games.confirmTakesPlace(ctx, input.gameId)),
});
