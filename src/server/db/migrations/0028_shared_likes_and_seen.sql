ALTER TABLE "audio_messages" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audio_messages" ADD COLUMN "liked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A like is one heart per message that both people see (decision 205): a message either person liked stays liked.
UPDATE "audio_messages" SET "liked" = true
  WHERE EXISTS (SELECT 1 FROM "message_likes" WHERE "message_likes"."message_id" = "audio_messages"."id");--> statement-breakpoint
DROP TABLE "message_likes" CASCADE;
