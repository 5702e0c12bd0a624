-- The overview's full-text document (decision 34). array_to_string is only STABLE, so a generated column cannot call
-- it directly; joining a text[] of plain labels depends on no setting, so this wrapper is declared IMMUTABLE. Every
-- name is schema-qualified because index and column maintenance may run with a restricted search_path.
CREATE OR REPLACE FUNCTION hearth_message_search_vector(transcription text, emotions text[], topics text[])
RETURNS tsvector
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT pg_catalog.to_tsvector(
    'pg_catalog.simple'::pg_catalog.regconfig,
    coalesce(transcription, '') || ' ' || coalesce(pg_catalog.array_to_string(emotions, ' '), '') || ' ' ||
      coalesce(pg_catalog.array_to_string(topics, ' '), '')
  )
$$;--> statement-breakpoint
ALTER TABLE "audio_messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (hearth_message_search_vector("transcription", "emotions", "topics")) STORED;--> statement-breakpoint
CREATE INDEX "audio_messages_sender_created_idx" ON "audio_messages" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audio_messages_receiver_created_idx" ON "audio_messages" USING btree ("receiver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audio_messages_search_idx" ON "audio_messages" USING gin ("search_vector");