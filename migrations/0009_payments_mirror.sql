DROP INDEX "payments_subject_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_received_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_subject_attempt_unique" ON "payments" USING btree ("purpose","subject_id","attempt");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_within_amount" CHECK ("payments"."amount_received_cents" >= 0 and "payments"."amount_received_cents" <= "payments"."amount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attempt_positive" CHECK ("payments"."attempt" >= 1);