ALTER TABLE "payments" ALTER COLUMN "destination_account_id" DROP NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "destination_account_id" = NULL WHERE "destination_account_id" = '';
