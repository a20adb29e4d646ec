CREATE TYPE "public"."scan_state" AS ENUM('running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "domain_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"domain" text NOT NULL,
	"state" "scan_state" DEFAULT 'running' NOT NULL,
	"checks_done" integer DEFAULT 0 NOT NULL,
	"checks_total" integer NOT NULL,
	"requested_by_id" uuid,
	"report" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "domain_scans" ADD CONSTRAINT "domain_scans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_scans" ADD CONSTRAINT "domain_scans_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_scans_organization" ON "domain_scans" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "domain_scans_domain" ON "domain_scans" USING btree ("domain","started_at");