CREATE INDEX "games_region_start_id_idx" ON "games" USING btree ("region_id","start_time","id");--> statement-breakpoint
CREATE INDEX "games_court_start_id_idx" ON "games" USING btree ("court_id","start_time","id");--> statement-breakpoint
DROP INDEX "games_region_start_idx";--> statement-breakpoint
DROP INDEX "games_court_start_idx";
