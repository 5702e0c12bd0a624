ALTER TABLE "contacts" ADD COLUMN "request_status" text;--> statement-breakpoint
-- A row its owner never chose (the other person pressed Message; the owner never pressed it back nor sent anything)
-- becomes a message request and leaves their circle (decision 123). A pair joined by an accepted invitation chose
-- each other, whatever their rows say, and stays as it is.
UPDATE "contacts" SET "request_status" = 'pending'
  WHERE "contacts"."chosen_at" IS NULL AND "contacts"."contact_user_id" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "invitations"
    WHERE "invitations"."status" = 'accepted' AND (
      ("invitations"."inviter_user_id" = "contacts"."user_id" AND "invitations"."accepted_by" = "contacts"."contact_user_id")
      OR ("invitations"."inviter_user_id" = "contacts"."contact_user_id" AND "invitations"."accepted_by" = "contacts"."user_id")
    )
  );
