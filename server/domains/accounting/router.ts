import { ZCoachedGames, ZCoachedGamesInput, ZMyOrganizerInvoices, ZOrganizerInvoice, ZOrganizerInvoiceInput } from "@shared/schemas/accounting";
import { adminProcedure, authedProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import * as accounting from "./service";

export const accountingRouter = router({
  coachedGames: adminProcedure.input(ZCoachedGamesInput).output(ZCoachedGames).query(({ ctx, input }) => accounting.coachedGames(ctx, input)),
  organizerInvoice: authedProcedure.input(ZOrganizerInvoiceInput).output(ZOrganizerInvoice).query(({ ctx, input }) => accounting.organizerInvoice(ctx, input)),
  myInvoices: authedProcedure.output(ZMyOrganizerInvoices).query(({ ctx }) => accounting.myInvoices(ctx)),
});
