ALTER TABLE "organizations" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The answer cache (apps/server/src/lib/answer-cache.ts) keeps answers while their organisation's
-- data_version stays the same. The triggers below move it on in the transaction of any write that
-- can change those answers, whichever process or code path makes it.
--
-- An organisation's own row: any change but the bookkeeping of when it changed.
CREATE FUNCTION "organization_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.data_version = OLD.data_version
    AND to_jsonb(NEW) - 'updated_at' IS DISTINCT FROM to_jsonb(OLD) - 'updated_at' THEN
    NEW.data_version := OLD.data_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "organizations_data_version" BEFORE UPDATE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "organization_data_changed"();
--> statement-breakpoint
-- Rows of an organisation's data (per statement: a sync writing thousands of rows bumps once).
-- On UPDATE, the trigger's arguments name columns whose changes do not count (a sign-in's time).
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := coalesce(TG_ARGV, '{}');
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "organizations" SET "data_version" = "data_version" + 1
      WHERE "id" IN (SELECT "organization_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "organizations" SET "data_version" = "data_version" + 1
      WHERE "id" IN (SELECT "organization_id" FROM old_rows);
  ELSE
    -- Rows that differ beyond the ignored columns, before or after: each side's rows not found
    -- as such on the other side.
    UPDATE "organizations" SET "data_version" = "data_version" + 1
      WHERE "id" IN (
        SELECT "organization_id" FROM (
          (SELECT o."organization_id", to_jsonb(o) - ignored AS "row" FROM old_rows o
           EXCEPT SELECT n."organization_id", to_jsonb(n) - ignored FROM new_rows n)
          UNION
          (SELECT n."organization_id", to_jsonb(n) - ignored FROM new_rows n
           EXCEPT SELECT o."organization_id", to_jsonb(o) - ignored FROM old_rows o)
        ) AS "changed"
      );
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables the cached answers read, each with a trigger per kind of write (a trigger with
-- transition tables takes one event). A sign-in's time on a user changes no answer.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'task_completions', 'task_evidence', 'score_snapshots'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"(%s)', t || '_data_version_update', t,
      CASE WHEN t = 'users' THEN '''last_sign_in_at'', ''updated_at''' ELSE '' END);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()', t || '_data_version_delete', t);
  END LOOP;
END $$;
