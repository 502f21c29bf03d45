import { z } from "zod";
import {
  ZCancelGameInput,
  ZCreateGameInput,
  ZGame,
  ZGameFeed,
  ZGameByIdInput,
  ZGameFeedInput,
  ZGameIdInput,
  ZGameListItem,
  ZGamesOnCourtInput,
  ZSearchGamesInput,
  ZUpdateGameInput,
} from "@shared/schemas/games";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import { createGame } from "./create";
import { cancelGame, confirmTakesPlace, makeGamePublic, updateGame } from "./manage";
import { feed, gameById, gamesOnCourt, searchGames } from "./read";

export const gamesRouter = router({
  // A function, so tRPC checks the answer with zod's synchronous parse: its parseAsync skips zod's
  // compiled object parser, which costs the busiest answer of all (scripts/bench/feed.ts).
  feed: publicProcedure.input(ZGameFeedInput).output((answer: unknown) => ZGameFeed.parse(answer)).query(({ ctx, input }) => feed(ctx, input)),
  search: publicProcedure.input(ZSearchGamesInput).output(z.array(ZGameListItem)).query(({ ctx, input }) => searchGames(ctx, input)),
  onCourt: publicProcedure.input(ZGamesOnCourtInput).output(z.array(ZGameListItem)).query(({ ctx, input }) => gamesOnCourt(ctx, input)),
  byId: publicProcedure.input(ZGameByIdInput).output(ZGame).query(({ ctx, input }) => gameById(ctx, input.gameId, input.shareKey)),
  create: authedProcedure.input(ZCreateGameInput).output(z.object({ id: z.number().int() })).mutation(({ ctx, input }) => createGame(ctx, input)),
  update: authedProcedure.input(ZUpdateGameInput).output(ZGame).mutation(({ ctx, input }) => updateGame(ctx, input)),
  cancel: authedProcedure.input(ZCancelGameInput).output(ZGame).mutation(({ ctx, input }) => cancelGame(ctx, input)),
  makePublic: authedProcedure.input(ZGameIdInput).output(ZGame).mutation(({ ctx, input }) => makeGamePublic(ctx, input.gameId)),
  confirmTakesPlace: authedProcedure.input(ZGameIdInput).output(ZGame).mutation(({ ctx, input }) => confirmTakesPlace(ctx, input.gameId)),
});
