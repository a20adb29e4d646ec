ALTER TABLE "organizations" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Databases seeded before this column existed: the demo organisations are the ones under the
-- reserved .example name (RFC 2606), which no identity provider can verify an address of.
UPDATE "organizations" SET "is_demo" = true WHERE "domain" LIKE '%.example';
