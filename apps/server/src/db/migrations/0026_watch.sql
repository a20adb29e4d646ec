CREATE TABLE "watch_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"direction" text NOT NULL,
	"summary" text NOT NULL,
	"catalogue_id" text,
	"before" text,
	"after" text,
	"detected_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	CONSTRAINT "watch_changes_once" UNIQUE("target_id","scan_id","key")
);
--> statement-breakpoint
CREATE TABLE "watch_ct_searches" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"searched_at" timestamp with time zone,
	"error" text,
	"names" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"added_by_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_scan_at" timestamp with time zone NOT NULL,
	"last_scan_started_at" timestamp with time zone,
	CONSTRAINT "watch_targets_name" UNIQUE("organization_id","name")
);
--> statement-breakpoint
ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_kind";--> statement-breakpoint
ALTER TABLE "domain_scans" ADD COLUMN "watch_target_id" uuid;--> statement-breakpoint
ALTER TABLE "domain_scans" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_changes" ADD CONSTRAINT "watch_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_changes" ADD CONSTRAINT "watch_changes_target_id_watch_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."watch_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_ct_searches" ADD CONSTRAINT "watch_ct_searches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_settings" ADD CONSTRAINT "watch_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_settings" ADD CONSTRAINT "watch_settings_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_targets" ADD CONSTRAINT "watch_targets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_targets" ADD CONSTRAINT "watch_targets_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_changes_timeline" ON "watch_changes" USING btree ("organization_id","detected_at");--> statement-breakpoint
CREATE INDEX "watch_changes_target_key" ON "watch_changes" USING btree ("target_id","key");--> statement-breakpoint
CREATE INDEX "watch_targets_due" ON "watch_targets" USING btree ("next_scan_at");--> statement-breakpoint
ALTER TABLE "domain_scans" ADD CONSTRAINT "domain_scans_watch_target_id_watch_targets_id_fk" FOREIGN KEY ("watch_target_id") REFERENCES "public"."watch_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_scans_watch_target" ON "domain_scans" USING btree ("watch_target_id","started_at");--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_kind" CHECK ("mail_messages"."kind" in ('invitation', 'reminder', 'digest', 'integration_alert', 'nudge', 'watch_alert'));--> statement-breakpoint
-- Every organisation watches its own domain: added with it, and for those already here. Its first
-- scheduled scan is within a day, at a minute of the day its id gives, so that organisations
-- registered together are not all due together.
CREATE FUNCTION "watch_own_domain"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "watch_targets" ("organization_id", "name", "kind", "source", "next_scan_at")
  VALUES (NEW."id", NEW."domain", 'primary', 'registration',
          now() + (1 + abs(hashtext(NEW."id"::text)) % 1440) * interval '1 minute')
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "watch_own_domain" AFTER INSERT ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "watch_own_domain"();--> statement-breakpoint
INSERT INTO "watch_targets" ("organization_id", "name", "kind", "source", "next_scan_at")
SELECT "id", "domain", 'primary', 'registration',
       now() + (1 + abs(hashtext("id"::text)) % 1440) * interval '1 minute'
FROM "organizations"
ON CONFLICT DO NOTHING;
