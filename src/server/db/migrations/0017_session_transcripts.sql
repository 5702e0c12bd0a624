ALTER TABLE "session_messages" ADD COLUMN "bytes" integer;--> statement-breakpoint
ALTER TABLE "session_messages" ADD COLUMN "transcript_status" text;