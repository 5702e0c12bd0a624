ALTER TABLE "audio_messages" ADD COLUMN "transcript_confidence" real;--> statement-breakpoint
ALTER TABLE "audio_messages" ADD COLUMN "transcript_engine" text;--> statement-breakpoint
ALTER TABLE "audio_messages" ADD COLUMN "transcript_model" text;