CREATE TABLE "contact_analytics" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"score" integer NOT NULL,
	"trend" text NOT NULL,
	"fallback" boolean NOT NULL,
	"message_count" integer NOT NULL,
	"emotions_tracked" integer NOT NULL,
	"avg_sentiment" real,
	"last_message_at" timestamp with time zone,
	"usual_gap_seconds" integer,
	"details" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"met_on" date NOT NULL,
	"duration_seconds" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "nudges_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_analytics" ADD CONSTRAINT "contact_analytics_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_analytics" ADD CONSTRAINT "contact_analytics_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_meetings" ADD CONSTRAINT "contact_meetings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_meetings" ADD CONSTRAINT "contact_meetings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_nudges" ADD CONSTRAINT "contact_nudges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_nudges" ADD CONSTRAINT "contact_nudges_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_meetings_contact_idx" ON "contact_meetings" USING btree ("contact_id","met_on");--> statement-breakpoint
CREATE INDEX "contact_nudges_user_sent_idx" ON "contact_nudges" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "contact_nudges_contact_sent_idx" ON "contact_nudges" USING btree ("contact_id","sent_at");