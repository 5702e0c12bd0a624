DROP INDEX "profiles_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_name_lower_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Decision 109: profiles.listed is a copy of "user".email_verified, so a directory search reads profiles alone and
-- its indexes hold listed people only. The people who exist already start from their account's flag.
UPDATE "profiles" p SET "listed" = u."email_verified" FROM "user" u WHERE u."id" = p."id" AND u."email_verified";--> statement-breakpoint
CREATE INDEX "profiles_listed_name_trgm_idx" ON "profiles" USING gin (lower("name") gin_trgm_ops) WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_listed_name_lower_idx" ON "profiles" USING btree (lower("name") text_pattern_ops,"name","id") WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_listed_name_order_idx" ON "profiles" USING btree ("name","id") WHERE "profiles"."listed";--> statement-breakpoint
-- A profile is created after its account (it references it): it starts from the account's flag, whatever it says.
CREATE OR REPLACE FUNCTION hearth_profile_listed_on_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.listed := coalesce((SELECT u.email_verified FROM public."user" u WHERE u.id = NEW.id), false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_listed_on_insert BEFORE INSERT ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION hearth_profile_listed_on_insert();--> statement-breakpoint
-- Confirming an address (better-auth writes email_verified) or losing the confirmation reaches the profile at once.
CREATE OR REPLACE FUNCTION hearth_profile_listed_on_confirm() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE public.profiles SET listed = NEW.email_verified WHERE id = NEW.id AND listed IS DISTINCT FROM NEW.email_verified;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_listed_on_confirm AFTER UPDATE OF "email_verified" ON "user"
  FOR EACH ROW WHEN (OLD."email_verified" IS DISTINCT FROM NEW."email_verified") EXECUTE FUNCTION hearth_profile_listed_on_confirm();
