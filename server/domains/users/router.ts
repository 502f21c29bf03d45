import { ZUpdateLanguageInput } from "@shared/schemas/auth";
import { ZMyAccount, ZPublicUser, ZUserByIdInput } from "@shared/schemas/users";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import * as users from "./service";

export const usersRouter = router({
  myAccount: publicProcedure.output(ZMyAccount.nullable()).query(({ ctx }) => users.myAccountOrNull(ctx)),
  byId: publicProcedure.input(ZUserByIdInput).output(ZPublicUser).query(({ ctx, input }) => users.userById(ctx, input.id)),
  updateLanguage: authedProcedure
    .input(ZUpdateLanguageInput)
    .output(ZMyAccount)
    .mutation(({ ctx, input }) => users.updateLanguage(ctx, input.applicationLanguage)),
});
