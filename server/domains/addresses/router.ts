import { z } from "zod";
import { ZAddress, ZCreateOrUpdateAddressInput } from "@shared/schemas/addresses";
import { router } from "../../trpc/init";
import { authedProcedure } from "../../trpc/procedures";
import * as addresses from "./service";

export const addressesRouter = router({
  mine: authedProcedure.output(z.array(ZAddress)).query(({ ctx }) => addresses.myAddresses(ctx)),
  createOrUpdate: authedProcedure
    .input(ZCreateOrUpdateAddressInput)
    .output(ZAddress)
    .mutation(({ ctx, input }) => addresses.createOrUpdateAddress(ctx, input)),
});
