import { ZUpdateLanguageInput } from "@shared/schemas/auth";
import { z } from "zod";
import { ZGameListItem } from "@shared/schemas/games";
import { ZMyAccount, ZPublicUser, ZUserByIdInput, ZUserGamesInput } from "@shared/schemas/users";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import { profileGames } from "./games";
import { rateAppHintSeen, showRateAppHint } from "./rate-app-hint";
import { ZRateAppHintSeenResult, ZShowRateAppHint } from "@shared/schemas/review";
import * as users from "./service";

export const usersRouter = router({
  myAccount: publicProcedure.output(ZMyAccount.nullable()).query(({ ctx }) => users.myAccountOrNull(ctx)),
  byId: publicProcedure.input(ZUserByIdInput).output(ZPublicUser).query(({ ctx, input }) => users.userById(ctx, input.id)),
  games: publicProcedure
    .input(ZUserGamesInput)
    .output(z.object({ objects: z.array(ZGameListItem), hasNext: z.boolean() }))
    .query(({ ctx, input }) => profileGames(ctx, input)),
  updateLanguage: authedProcedure
    .input(ZUpdateLanguageInput)
    .output(ZMyAccount)
    .mutation(({ ctx, input }) => users.updateLanguage(ctx, input.applicationLanguage)),
  // the rate-app hint (README Decisions "The rate-app hint"): false for visitors
  showRateAppHint: publicProcedure.output(ZShowRateAppHint).query(({ ctx }) => showRateAppHint(ctx)),
  rateAppHintSeen: authedProcedure.output(ZRateAppHintSeenResult).mutation(({ ctx }) => rateAppHintSeen(ctx)),
});
