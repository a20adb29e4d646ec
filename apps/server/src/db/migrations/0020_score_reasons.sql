CREATE TABLE "breach_cost_snapshots" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"headcount" integer NOT NULL,
	"entry_points" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breach_cost_snapshots_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "task_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"catalogue_id" text NOT NULL,
	"user_id" uuid,
	"done" boolean NOT NULL,
	"source" text NOT NULL,
	"changed_by_id" uuid,
	"team_size" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breach_cost_snapshots" ADD CONSTRAINT "breach_cost_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_changes" ADD CONSTRAINT "task_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_changes" ADD CONSTRAINT "task_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_changes" ADD CONSTRAINT "task_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_changes_organization" ON "task_changes" USING btree ("organization_id","changed_at");--> statement-breakpoint
-- The score's answer (get-score) reads task_changes: move the organisation's data version on as
-- migration 0014 does for the other tables it reads.
CREATE TRIGGER "task_changes_data_version_insert" AFTER INSERT ON "task_changes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
CREATE TRIGGER "task_changes_data_version_delete" AFTER DELETE ON "task_changes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
