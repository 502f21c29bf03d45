DROP INDEX "tournament_invoices_participation_unique";--> statement-breakpoint
ALTER TABLE "tournament_invoices" ADD COLUMN "cancels_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "tournament_invoices" ADD CONSTRAINT "tournament_invoices_cancels_invoice_id_tournament_invoices_id_fk" FOREIGN KEY ("cancels_invoice_id") REFERENCES "public"."tournament_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_invoices_cancels_unique" ON "tournament_invoices" USING btree ("cancels_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_invoices_participation_unique" ON "tournament_invoices" USING btree ("participation_id") WHERE "tournament_invoices"."cancels_invoice_id" is null;