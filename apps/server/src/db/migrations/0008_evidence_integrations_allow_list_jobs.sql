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
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"integration_id" text NOT NULL,
	"status" text NOT NULL,
	"account_email" text,
	"connected_by_id" uuid,
	"connected_since" timestamp with time zone DEFAULT now() NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"sync_error" text,
	"sync_requested_at" timestamp with time zone,
	"last_scan" timestamp with time zone,
	"facts" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_once" UNIQUE("organization_id","integration_id"),
	CONSTRAINT "integrations_status" CHECK ("integrations"."status" in ('connected', 'invalid_token', 'permission_missing')),
	CONSTRAINT "integrations_sync_state" CHECK ("integrations"."sync_state" in ('idle', 'queued', 'running', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "job_claims" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_workers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "allow_list_entries" ADD CONSTRAINT "allow_list_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allow_list_entries" ADD CONSTRAINT "allow_list_entries_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allow_list_entries" ADD CONSTRAINT "allow_list_entries_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_claims" ADD CONSTRAINT "job_claims_worker_id_job_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."job_workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_evidence" ADD CONSTRAINT "task_evidence_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_evidence" ADD CONSTRAINT "task_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allow_list_entries_requested_by" ON "allow_list_entries" USING btree ("requested_by_id");--> statement-breakpoint
CREATE INDEX "allow_list_entries_decided_by" ON "allow_list_entries" USING btree ("decided_by_id");--> statement-breakpoint
CREATE INDEX "job_claims_worker" ON "job_claims" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "task_evidence_source" ON "task_evidence" USING btree ("organization_id","source");--> statement-breakpoint
CREATE INDEX "task_evidence_user" ON "task_evidence" USING btree ("user_id");