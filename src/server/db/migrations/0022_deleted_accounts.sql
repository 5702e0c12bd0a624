CREATE TABLE "deleted_inviter_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_messages" ADD COLUMN "left_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "account_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audio_messages" ADD CONSTRAINT "audio_messages_left_contact_id_contacts_id_fk" FOREIGN KEY ("left_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_messages_left_contact_idx" ON "audio_messages" USING btree ("left_contact_id","created_at","id") WHERE "audio_messages"."left_contact_id" is not null;