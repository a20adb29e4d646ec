CREATE TABLE "baseline_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_organization_id" uuid NOT NULL,
	"baseline_id" uuid,
	"link_id" uuid NOT NULL,
	"baseline_name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"applied_by_id" uuid,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_baselines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_baselines_name" UNIQUE("partner_organization_id","name")
);
--> statement-breakpoint
ALTER TABLE "baseline_applications" ADD CONSTRAINT "baseline_applications_client_organization_id_organizations_id_fk" FOREIGN KEY ("client_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_applications" ADD CONSTRAINT "baseline_applications_baseline_id_partner_baselines_id_fk" FOREIGN KEY ("baseline_id") REFERENCES "public"."partner_baselines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_applications" ADD CONSTRAINT "baseline_applications_link_id_partner_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."partner_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_applications" ADD CONSTRAINT "baseline_applications_applied_by_id_users_id_fk" FOREIGN KEY ("applied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_baselines" ADD CONSTRAINT "partner_baselines_partner_organization_id_organizations_id_fk" FOREIGN KEY ("partner_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baseline_applications_client" ON "baseline_applications" USING btree ("client_organization_id","applied_at");--> statement-breakpoint
CREATE INDEX "baseline_applications_baseline" ON "baseline_applications" USING btree ("baseline_id");--> statement-breakpoint
CREATE INDEX "baseline_applications_link" ON "baseline_applications" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "baseline_applications_applied_by" ON "baseline_applications" USING btree ("applied_by_id");