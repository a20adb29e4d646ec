CREATE TABLE "nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"tasks" text NOT NULL,
	"task_count" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"channel" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "nudges_once" UNIQUE NULLS NOT DISTINCT("organization_id","user_id","kind","day"),
	CONSTRAINT "nudges_kind" CHECK ("nudges"."kind" in ('nudge', 'summary')),
	CONSTRAINT "nudges_status" CHECK ("nudges"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "task_deadlines" (
	"organization_id" uuid NOT NULL,
	"catalogue_id" text NOT NULL,
	"user_id" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_deadlines_once" UNIQUE NULLS NOT DISTINCT("organization_id","catalogue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "task_escalation_off" (
	"organization_id" uuid NOT NULL,
	"catalogue_id" text NOT NULL,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_escalation_off_once" UNIQUE("organization_id","catalogue_id")
);
--> statement-breakpoint
ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_kind";--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "mail_reminders" SET DEFAULT true;--> statement-breakpoint
-- Organisations that existed before nudges keep them off until an administrator turns them on.
ALTER TABLE "organizations" ADD COLUMN "nudges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "nudges_enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "nudge_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_deadlines" ADD CONSTRAINT "task_deadlines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_deadlines" ADD CONSTRAINT "task_deadlines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_escalation_off" ADD CONSTRAINT "task_escalation_off_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_escalation_off" ADD CONSTRAINT "task_escalation_off_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nudges_user_sent" ON "nudges" USING btree ("user_id","sent_at");--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_kind" CHECK ("mail_messages"."kind" in ('invitation', 'reminder', 'digest', 'integration_alert', 'nudge'));--> statement-breakpoint
-- Due dates, escalation switches and nudges show in cached answers (tasks, Company status).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['task_deadlines', 'task_escalation_off', 'nudges'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_delete', t);
  END LOOP;
END $$;
