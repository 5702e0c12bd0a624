-- Decision 171: a person's words as index keys. Each word of a message's document is keyed by the person as a 64-bit
-- hash of the two, so the GIN entry of ('p00091', 'coffee') lists only that person's messages holding the word, not
-- everyone's. A hash may collide: the search keeps its own conditions (the person and the document's tsquery), so a
-- collision costs one row read and dropped, never a wrong result. Every name is schema-qualified because index
-- maintenance may run with a restricted search_path. The indexes are built from existing columns: no table rewrite.
CREATE OR REPLACE FUNCTION hearth_person_words(person text, words text[])
RETURNS bigint[]
LANGUAGE sql
IMMUTABLE
STRICT
PARALLEL SAFE
AS $$
  SELECT pg_catalog.array_agg(pg_catalog.hashtextextended(person OPERATOR(pg_catalog.||) ' ' OPERATOR(pg_catalog.||) w.word, 0))
  FROM pg_catalog.unnest(words) AS w (word)
$$;--> statement-breakpoint
CREATE INDEX "audio_messages_sender_words_idx" ON "audio_messages" USING gin (hearth_person_words("sender_id", tsvector_to_array("search_vector")));--> statement-breakpoint
CREATE INDEX "audio_messages_receiver_words_idx" ON "audio_messages" USING gin (hearth_person_words("receiver_id", tsvector_to_array("search_vector")));--> statement-breakpoint
-- The planner's statistics of the new index expressions (how often each person's word is said): without them it
-- estimates the word-key condition at a default and may read the (person, document) index beside it.
ANALYZE "audio_messages";
