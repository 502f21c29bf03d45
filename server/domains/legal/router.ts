import { ZLegalInfo } from "@shared/schemas/legal";
import { publicProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import { legalInfo } from "./service";

export const legalRouter = router({
  info: publicProcedure.output(ZLegalInfo).query(({ ctx }) => legalInfo(ctx)),
});
