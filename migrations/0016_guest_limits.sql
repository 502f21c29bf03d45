CREATE TABLE "guest_origins" (
	"participation_id" integer PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"address_hash" text NOT NULL,
	"guest_key_hash" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "guest_origins" ADD CONSTRAINT "guest_origins_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_origins_game_address_idx" ON "guest_origins" USING btree ("game_id","address_hash");--> statement-breakpoint
CREATE INDEX "guest_throttle_window_idx" ON "guest_throttle" USING btree ("window_started_at");