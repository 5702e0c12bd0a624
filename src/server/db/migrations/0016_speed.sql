CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "audio_messages_pair_idx";--> statement-breakpoint
DROP INDEX "audio_messages_search_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audio_messages_pair_created_idx" ON "audio_messages" USING btree ("sender_id","receiver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audio_messages_sender_search_idx" ON "audio_messages" USING gin ("sender_id","search_vector");--> statement-breakpoint
CREATE INDEX "audio_messages_receiver_search_idx" ON "audio_messages" USING gin ("receiver_id","search_vector");;--> statement-breakpoint
-- Decision 86: each conversation row holds how many messages its pair exchanged (both directions). Every insert and
-- delete of audio_messages goes through these statement triggers (sends, cascades of a deleted account, bulk seeds),
-- and each adds or subtracts per pair in one UPDATE: concurrent sends of one pair queue on the conversation row's lock.
CREATE OR REPLACE FUNCTION hearth_count_messages() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  ids uuid[];
  counts integer[];
  direction integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  -- Per conversation row, the changed messages of its pair: its owner's sent ones plus their received ones, summed
  -- first (an UPDATE ... FROM applies only one of several source rows to a target row).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(contact_id ORDER BY contact_id), array_agg(n ORDER BY contact_id) INTO ids, counts FROM (
      SELECT contact_id, sum(n)::integer AS n FROM (
        SELECT ct.id AS contact_id, count(*) AS n FROM new_rows m
          JOIN public.contacts ct ON ct.user_id = m.sender_id AND ct.contact_user_id = m.receiver_id GROUP BY ct.id
        UNION ALL
        SELECT ct.id, count(*) FROM new_rows m
          JOIN public.contacts ct ON ct.user_id = m.receiver_id AND ct.contact_user_id = m.sender_id GROUP BY ct.id
      ) per_direction GROUP BY contact_id
    ) changed;
  ELSE
    SELECT array_agg(contact_id ORDER BY contact_id), array_agg(n ORDER BY contact_id) INTO ids, counts FROM (
      SELECT contact_id, sum(n)::integer AS n FROM (
        SELECT ct.id AS contact_id, count(*) AS n FROM old_rows m
          JOIN public.contacts ct ON ct.user_id = m.sender_id AND ct.contact_user_id = m.receiver_id GROUP BY ct.id
        UNION ALL
        SELECT ct.id, count(*) FROM old_rows m
          JOIN public.contacts ct ON ct.user_id = m.receiver_id AND ct.contact_user_id = m.sender_id GROUP BY ct.id
      ) per_direction GROUP BY contact_id
    ) changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- both rows of a pair are locked in one order, whichever direction was written: no deadlock between two writers
  PERFORM 1 FROM public.conversations WHERE contact_id = ANY (ids) ORDER BY contact_id FOR UPDATE;
  UPDATE public.conversations c SET message_count = greatest(c.message_count + direction * d.n, 0)
  FROM unnest(ids, counts) AS d (contact_id, n)
  WHERE c.contact_id = d.contact_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audio_messages_count_inserted AFTER INSERT ON "audio_messages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_count_messages();--> statement-breakpoint
CREATE TRIGGER audio_messages_count_deleted AFTER DELETE ON "audio_messages" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hearth_count_messages();--> statement-breakpoint
-- the conversations that exist already start from their pair's messages
UPDATE "conversations" c SET message_count = (
  SELECT count(*) FROM "audio_messages" m WHERE m.sender_id = ct.user_id AND m.receiver_id = ct.contact_user_id
) + (
  SELECT count(*) FROM "audio_messages" m WHERE m.sender_id = ct.contact_user_id AND m.receiver_id = ct.user_id
)
FROM "contacts" ct WHERE ct.id = c.contact_id AND ct.contact_user_id IS NOT NULL;