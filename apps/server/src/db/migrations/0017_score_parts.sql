ALTER TABLE "trust_pages" ALTER COLUMN "show_domain_report" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "trust_pages" ALTER COLUMN "show_cyber_score" SET DEFAULT false;--> statement-breakpoint
-- A trust page shows no grade until an administrator chooses to show one: pages saved while
-- grades were shown by default stop showing them.
UPDATE "trust_pages" SET "show_domain_report" = false, "show_cyber_score" = false;--> statement-breakpoint
-- The cyber score's answer carries the latest domain grade (0014's answer cache): a scan that
-- starts or ends moves the organisation's data version on, its progress does not.
CREATE TRIGGER "domain_scans_data_version_insert" AFTER INSERT ON "domain_scans"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "domain_scans_data_version_update" AFTER UPDATE ON "domain_scans"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('checks_done');--> statement-breakpoint
CREATE TRIGGER "domain_scans_data_version_delete" AFTER DELETE ON "domain_scans"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
