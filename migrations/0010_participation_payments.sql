ALTER TABLE "participations" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "payment_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "payment_reservation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;