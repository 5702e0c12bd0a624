CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"messages" integer NOT NULL
);
--> statement-breakpoint
-- Decision 110: the vocabulary starts from the messages that exist.
INSERT INTO "search_words" ("word", "messages")
SELECT w.word, count(*)::integer FROM "audio_messages" m, unnest(tsvector_to_array(m."search_vector")) AS w (word)
GROUP BY w.word;--> statement-breakpoint
-- Every statement that inserts, changes or deletes messages adds and subtracts the words of the changed documents,
-- summed per word first; words are written in one order, so two writers never deadlock (they queue on a shared
-- word's row until the first commits). A word no message holds any more is removed. An UPDATE that leaves the
-- documents as they were (read, processing state) changes nothing.
CREATE OR REPLACE FUNCTION hearth_count_search_words() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  words text[];
  counts integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO words, counts FROM (
      SELECT w.word, count(*)::integer AS n
      FROM new_rows m, unnest(pg_catalog.tsvector_to_array(m.search_vector)) AS w (word) GROUP BY w.word
    ) changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO words, counts FROM (
      SELECT w.word, -count(*)::integer AS n
      FROM old_rows m, unnest(pg_catalog.tsvector_to_array(m.search_vector)) AS w (word) GROUP BY w.word
    ) changed;
  ELSE
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO words, counts FROM (
      SELECT d.word, sum(d.n)::integer AS n FROM (
        SELECT w.word, 1 AS n FROM old_rows o JOIN new_rows m ON m.id = o.id, unnest(pg_catalog.tsvector_to_array(m.search_vector)) AS w (word)
          WHERE o.search_vector IS DISTINCT FROM m.search_vector
        UNION ALL
        SELECT w.word, -1 FROM old_rows o JOIN new_rows m ON m.id = o.id, unnest(pg_catalog.tsvector_to_array(o.search_vector)) AS w (word)
          WHERE o.search_vector IS DISTINCT FROM m.search_vector
      ) d GROUP BY d.word HAVING sum(d.n) <> 0
    ) changed;
  END IF;
  IF words IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.search_words AS s (word, messages)
  SELECT d.word, d.n FROM unnest(words, counts) AS d (word, n) ORDER BY d.word
  ON CONFLICT (word) DO UPDATE SET messages = s.messages + excluded.messages;
  DELETE FROM public.search_words s WHERE s.word = ANY (words) AND s.messages <= 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audio_messages_words_inserted AFTER INSERT ON "audio_messages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_count_search_words();--> statement-breakpoint
CREATE TRIGGER audio_messages_words_updated AFTER UPDATE ON "audio_messages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_count_search_words();--> statement-breakpoint
CREATE TRIGGER audio_messages_words_deleted AFTER DELETE ON "audio_messages" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_count_search_words();
