CREATE TABLE "message_likes" (
	"message_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_likes_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_likes" ADD CONSTRAINT "message_likes_message_id_audio_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."audio_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_likes" ADD CONSTRAINT "message_likes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_likes_user_idx" ON "message_likes" USING btree ("user_id");--> statement-breakpoint
-- Likes were one flag per message; the person who received a liked message is the one the like is kept for.
INSERT INTO "message_likes" ("message_id", "user_id", "created_at")
  SELECT "id", "receiver_id", "updated_at" FROM "audio_messages" WHERE "liked";--> statement-breakpoint
ALTER TABLE "audio_messages" DROP COLUMN "liked";--> statement-breakpoint
-- Who chose whom is known only where the owner has sent the other person a message; every other row waits for its
-- owner to press Message or send one (decision 40), so no presence is shared that nobody chose.
UPDATE "contacts" SET "chosen_at" = "contacts"."created_at"
  WHERE "contacts"."contact_user_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "audio_messages"
    WHERE "audio_messages"."sender_id" = "contacts"."user_id" AND "audio_messages"."receiver_id" = "contacts"."contact_user_id"
  );