CREATE TABLE "phishing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phishing_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid,
	"recipient" text NOT NULL,
	"token_hash" text,
	"send_at" timestamp with time zone NOT NULL,
	"mail_message_id" uuid,
	"failed" text,
	"clicked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"lesson_done_at" timestamp with time zone,
	"ignored_at" timestamp with time zone,
	"scanner_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "phishing_messages_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "phishing_messages_scanner_visits" CHECK ("phishing_messages"."scanner_visits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "phishing_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"consented_by_id" uuid,
	"consented_by_email" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_text" text NOT NULL,
	"report_key" text NOT NULL,
	CONSTRAINT "phishing_settings_report_key_unique" UNIQUE("report_key")
);
--> statement-breakpoint
ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_kind";--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_campaign_id_phishing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."phishing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_messages" ADD CONSTRAINT "phishing_messages_mail_message_id_mail_messages_id_fk" FOREIGN KEY ("mail_message_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD CONSTRAINT "phishing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_settings" ADD CONSTRAINT "phishing_settings_consented_by_id_users_id_fk" FOREIGN KEY ("consented_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phishing_campaigns_organization" ON "phishing_campaigns" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "phishing_messages_campaign" ON "phishing_messages" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "phishing_messages_user" ON "phishing_messages" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "phishing_messages_due" ON "phishing_messages" USING btree ("send_at") WHERE "phishing_messages"."mail_message_id" is null and "phishing_messages"."failed" is null;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_kind" CHECK ("mail_messages"."kind" in ('invitation', 'reminder', 'digest', 'integration_alert', 'nudge', 'watch_alert', 'phishing_practice', 'phishing_thanks'));