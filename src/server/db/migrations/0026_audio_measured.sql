-- Decision 174: uploads are stored as received and measured by the message's job. Every recording stored before
-- this was decoded and measured at upload, so existing rows count as measured from when they were made.
ALTER TABLE "audio_messages" ADD COLUMN "audio_measured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audio_uploads" ADD COLUMN "audio_measured_at" timestamp with time zone;--> statement-breakpoint
UPDATE "audio_messages" SET "audio_measured_at" = "created_at";--> statement-breakpoint
UPDATE "audio_uploads" SET "audio_measured_at" = "created_at";
