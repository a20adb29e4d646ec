CREATE TABLE "partner_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_organization_id" uuid NOT NULL,
	"partner_organization_id" uuid NOT NULL,
	"role" text NOT NULL,
	"invited_by_id" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_by_id" uuid,
	"accepted_at" timestamp with time zone,
	"ended_by_id" uuid,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "partner_link_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_client_organization_id_organizations_id_fk" FOREIGN KEY ("client_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_partner_organization_id_organizations_id_fk" FOREIGN KEY ("partner_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_ended_by_id_users_id_fk" FOREIGN KEY ("ended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_live" ON "partner_links" USING btree ("client_organization_id","partner_organization_id") WHERE "partner_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "partner_links_partner" ON "partner_links" USING btree ("partner_organization_id");--> statement-breakpoint
CREATE INDEX "partner_links_client" ON "partner_links" USING btree ("client_organization_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_partner_link_id_partner_links_id_fk" FOREIGN KEY ("partner_link_id") REFERENCES "public"."partner_links"("id") ON DELETE set null ON UPDATE no action;