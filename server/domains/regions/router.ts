import { ZRegion, ZRegionBySlugInput, ZRegionList } from "@shared/schemas/regions";
import { publicProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import * as regions from "./service";

export const regionsRouter = router({
  list: publicProcedure.output(ZRegionList).query(({ ctx }) => regions.listRegions(ctx)),
  bySlug: publicProcedure.input(ZRegionBySlugInput).output(ZRegion).query(({ ctx, input }) => regions.regionBySlug(ctx, input.slug)),
});
