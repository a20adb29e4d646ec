CREATE TABLE "removed_members" (
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "removed_members_organization_id_email_pk" PRIMARY KEY("organization_id","email")
);
--> statement-breakpoint
ALTER TABLE "removed_members" ADD CONSTRAINT "removed_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;