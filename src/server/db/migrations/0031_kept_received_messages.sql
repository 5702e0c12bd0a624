ALTER TABLE "audio_messages" DROP CONSTRAINT "audio_messages_sender_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "audio_messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_messages" ADD CONSTRAINT "audio_messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;