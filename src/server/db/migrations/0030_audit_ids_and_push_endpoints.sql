-- Decision 201: the owner's log keeps a deleted account's name, not its id. The actor's id was already cleared by its
-- foreign key; the target's is cleared now for the accounts deleted before, and by the new foreign key from here on.
UPDATE "admin_audit_log" SET "target_id" = NULL WHERE "target_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "user" WHERE "user"."id" = "admin_audit_log"."target_id");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_id_user_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decision 201: a push endpoint is stored in the canonical form canonicalPushEndpoint (src/server/notify/push-target.ts)
-- gives it: scheme and host in lower case, no default port, an empty path as "/", no empty query, no fragment. The
-- stored ones are brought to that form; of two rows that were the same endpoint, the one saved last stays.
CREATE FUNCTION pg_temp.canonical_push_endpoint(endpoint text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN parts.m IS NULL THEN endpoint ELSE
    lower(parts.m[1]) || '://'
    || regexp_replace(lower(parts.m[2]), CASE lower(parts.m[1]) WHEN 'https' THEN ':443$' WHEN 'http' THEN ':80$' ELSE '^$' END, '')
    || CASE WHEN parts.m[3] = '' THEN '/' ELSE parts.m[3] END
    || CASE WHEN parts.m[4] IS NULL OR parts.m[4] = '?' THEN '' ELSE parts.m[4] END
  END
  FROM (SELECT regexp_match(endpoint, '^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$') AS m) AS parts
$$;--> statement-breakpoint
DELETE FROM "push_subscriptions" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY pg_temp.canonical_push_endpoint("endpoint") ORDER BY "updated_at" DESC, "created_at" DESC, "id"
    ) AS "rank"
    FROM "push_subscriptions"
  ) AS "ranked" WHERE "rank" > 1
);--> statement-breakpoint
UPDATE "push_subscriptions" SET "endpoint" = pg_temp.canonical_push_endpoint("endpoint") WHERE "endpoint" <> pg_temp.canonical_push_endpoint("endpoint");--> statement-breakpoint
DROP FUNCTION pg_temp.canonical_push_endpoint(text);
