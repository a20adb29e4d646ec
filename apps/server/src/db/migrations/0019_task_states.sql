CREATE TABLE "task_not_applicable" (
	"organization_id" uuid NOT NULL,
	"catalogue_id" text NOT NULL,
	"reason" text NOT NULL,
	"marked_by_id" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_not_applicable_organization_id_catalogue_id_pk" PRIMARY KEY("organization_id","catalogue_id")
);
--> statement-breakpoint
CREATE TABLE "task_snoozes" (
	"organization_id" uuid NOT NULL,
	"catalogue_id" text NOT NULL,
	"user_id" uuid,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "task_snoozes_once" UNIQUE NULLS NOT DISTINCT("organization_id","catalogue_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "task_not_applicable" ADD CONSTRAINT "task_not_applicable_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_not_applicable" ADD CONSTRAINT "task_not_applicable_marked_by_id_users_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_snoozes" ADD CONSTRAINT "task_snoozes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_snoozes" ADD CONSTRAINT "task_snoozes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_snoozes_user" ON "task_snoozes" USING btree ("user_id");--> statement-breakpoint
-- Marking a task not applicable or snoozing it changes the cached answers (migration 0014).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['task_not_applicable', 'task_snoozes'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_delete', t);
  END LOOP;
END $$;
