ALTER TABLE "organizations" ADD COLUMN "connected_integrations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The integrations each organisation had connected before the column existed.
UPDATE "organizations" SET "connected_integrations" = coalesce(
  (SELECT array_agg("integration_id" ORDER BY "integration_id") FROM "integrations" WHERE "integrations"."organization_id" = "organizations"."id"),
  '{}'::text[]
);
