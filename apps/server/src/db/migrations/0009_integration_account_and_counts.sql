ALTER TABLE "integrations" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "sync_counts" jsonb;