CREATE TABLE "first_account_claim" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"email" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_account_claim_one_row" CHECK ("first_account_claim"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "claimed_email" text;