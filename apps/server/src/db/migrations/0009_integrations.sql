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
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;