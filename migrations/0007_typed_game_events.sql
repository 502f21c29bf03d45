-- Game events become a typed union (server/domains/games/events.ts): one CANCELLED kind for every
-- cancellation, and the actor kept apart from the subject.
UPDATE "game_events"
SET "type" = 'CANCELLED',
    "payload" = "payload" || jsonb_build_object('reason', 'TOO_FEW_PLAYERS', 'message', null, 'automatic', true, 'accountDeleted', false)
WHERE "type" = 'AUTO_CANCELLED';
--> statement-breakpoint
UPDATE "game_events"
SET "payload" = jsonb_build_object('message', null, 'automatic', false, 'accountDeleted', false) || "payload"
WHERE "type" = 'CANCELLED' AND NOT ("payload" ? 'automatic');
--> statement-breakpoint
-- MOVED_UP named the promoted player as its actor: the player is the subject, the waiting list moved by itself.
UPDATE "game_events"
SET "payload" = "payload" || jsonb_build_object('userId', "actor_id"), "actor_id" = NULL
WHERE "type" = 'MOVED_UP' AND NOT ("payload" ? 'userId');
