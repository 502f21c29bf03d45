import { ZCourtList, ZCourtSearchInput } from "@shared/schemas/games";
import { router } from "../../trpc/init";
import { publicProcedure } from "../../trpc/procedures";
import * as courts from "./service";

export const courtsRouter = router({
  search: publicProcedure.input(ZCourtSearchInput).output(ZCourtList).query(({ ctx, input }) => courts.searchCourts(ctx, input)),
});
