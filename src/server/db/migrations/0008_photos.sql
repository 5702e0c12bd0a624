CREATE TABLE "profile_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"base_key" text NOT NULL,
	"display_order" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_photos_base_key_unique" UNIQUE("base_key")
);
--> statement-breakpoint
ALTER TABLE "profile_photos" ADD CONSTRAINT "profile_photos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_photos_user_order_idx" ON "profile_photos" USING btree ("user_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_photos_one_primary_idx" ON "profile_photos" USING btree ("user_id") WHERE "profile_photos"."is_primary";