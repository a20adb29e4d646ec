CREATE TABLE "task_evidence" (
	"organization_id" uuid NOT NULL,
	"catalogue_id" text NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"verdict" text NOT NULL,
	"detail" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_evidence_once" UNIQUE NULLS NOT DISTINCT("organization_id","catalogue_id","user_id","source"),
	CONSTRAINT "task_evidence_verdict" CHECK ("task_evidence"."verdict" in ('pass', 'fail'))
);
--> statement-breakpoint
ALTER TABLE "task_evidence" ADD CONSTRAINT "task_evidence_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_evidence" ADD CONSTRAINT "task_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_evidence_source" ON "task_evidence" USING btree ("organization_id","source");--> statement-breakpoint
CREATE INDEX "task_evidence_user" ON "task_evidence" USING btree ("user_id");