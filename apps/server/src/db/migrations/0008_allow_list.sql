CREATE TABLE "allow_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_id" uuid,
	"requested_at" timestamp with time zone,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allow_list_entries_once" UNIQUE("organization_id","type","value"),
	CONSTRAINT "allow_list_entries_type" CHECK ("allow_list_entries"."type" in ('user', 'domain', 'file')),
	CONSTRAINT "allow_list_entries_status" CHECK ("allow_list_entries"."status" in ('approved', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "allow_list_entries" ADD CONSTRAINT "allow_list_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allow_list_entries" ADD CONSTRAINT "allow_list_entries_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allow_list_entries" ADD CONSTRAINT "allow_list_entries_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allow_list_entries_requested_by" ON "allow_list_entries" USING btree ("requested_by_id");--> statement-breakpoint
CREATE INDEX "allow_list_entries_decided_by" ON "allow_list_entries" USING btree ("decided_by_id");