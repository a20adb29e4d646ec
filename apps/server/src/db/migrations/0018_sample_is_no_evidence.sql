-- The demo seed used to record the stored sample report's findings as task evidence. A sample is
-- not a scan of the organisation's domain: without a scan of its own, it has no scan evidence.
DELETE FROM "task_evidence" WHERE "source" = 'domain-scan' AND NOT EXISTS (
  SELECT 1 FROM "domain_scans"
  WHERE "domain_scans"."organization_id" = "task_evidence"."organization_id"
    AND "domain_scans"."sample" = false AND "domain_scans"."state" = 'done'
);
