-- Decision 174: uploads are stored as received and measured by the message's job. Every recording stored before
-- this was decoded and measured at upload, so existing rows count as measured. The column is added with a default
-- and the default dropped at once: PostgreSQL keeps the default as the value of the rows that exist (no row is
-- rewritten, which at a million messages took minutes with writes waiting), and new rows start unmeasured (null).
ALTER TABLE "audio_messages" ADD COLUMN "audio_measured_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "audio_messages" ALTER COLUMN "audio_measured_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audio_uploads" ADD COLUMN "audio_measured_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "audio_uploads" ALTER COLUMN "audio_measured_at" DROP DEFAULT;
