CREATE TABLE "agent_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"os_version" text NOT NULL,
	"agent_version" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_report_at" timestamp with time zone,
	"last_reported_at" timestamp with time zone,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "agent_devices_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "agent_devices_platform" CHECK ("agent_devices"."platform" in ('linux', 'darwin', 'win32'))
);
--> statement-breakpoint
CREATE TABLE "agent_enrollment_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_devices" ADD CONSTRAINT "agent_devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_devices" ADD CONSTRAINT "agent_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_enrollment_codes" ADD CONSTRAINT "agent_enrollment_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_enrollment_codes" ADD CONSTRAINT "agent_enrollment_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_devices_member" ON "agent_devices" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "agent_enrollment_codes_expiry" ON "agent_enrollment_codes" USING btree ("expires_at");