CREATE TABLE "approved_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"suite" text NOT NULL,
	"client_id" text NOT NULL,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "approved_apps_once" UNIQUE("organization_id","suite","client_id"),
	CONSTRAINT "approved_apps_suite" CHECK ("approved_apps"."suite" in ('google', 'microsoft'))
);
--> statement-breakpoint
ALTER TABLE "approved_apps" ADD CONSTRAINT "approved_apps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approved_apps" ADD CONSTRAINT "approved_apps_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approved_apps_approved_by" ON "approved_apps" USING btree ("approved_by_id");