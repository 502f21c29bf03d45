ALTER TABLE "participations" ADD COLUMN "payment_can_cancel_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "requested_external_payment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "external_payment_message" text;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "declined_external_payment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "cancellation_replacements_needed" smallint;