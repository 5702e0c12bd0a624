CREATE TABLE "message_translations" (
	"message_id" uuid NOT NULL,
	"language" text NOT NULL,
	"from_language" text NOT NULL,
	"text" text NOT NULL,
	"engine" text NOT NULL,
	"rough" boolean NOT NULL,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_translations_message_id_language_pk" PRIMARY KEY("message_id","language")
);
--> statement-breakpoint
ALTER TABLE "audio_messages" ADD COLUMN "transcript_language" text;--> statement-breakpoint
ALTER TABLE "audio_messages" ADD COLUMN "processing_error_code" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "transcript_language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "welcome_transcript_language" text;--> statement-breakpoint
ALTER TABLE "session_messages" ADD COLUMN "transcript_language" text;--> statement-breakpoint
ALTER TABLE "message_translations" ADD CONSTRAINT "message_translations_message_id_audio_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."audio_messages"("id") ON DELETE cascade ON UPDATE no action;