import { ZOrganization, ZOrganizationIdInput } from "@shared/schemas/courts";
import { router } from "../../trpc/init";
import { publicProcedure } from "../../trpc/procedures";
import * as organizations from "./service";

export const organizationsRouter = router({
  get: publicProcedure.input(ZOrganizationIdInput).output(ZOrganization).query(({ ctx, input }) => organizations.organizationById(ctx, input.id)),
});
