-- Each process keeps the sessions it checked and each organisation's data version in memory
-- (apps/server/src/modules/sessions/session-cache.ts). These triggers announce, on the channel
-- castellan_changes and with the transaction's commit, every change that what it keeps depends on,
-- whichever process or code path makes it (apps/server/src/db/change-feed.ts).
CREATE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('castellan_changes', TG_ARGV[0] || ':' || OLD.id);
  ELSIF TG_ARGV[0] = 'v' THEN
    PERFORM pg_notify('castellan_changes', 'v:' || NEW.id || ':' || NEW.data_version);
  ELSE
    PERFORM pg_notify('castellan_changes', TG_ARGV[0] || ':' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session ended, moved into a client or back, or made older than it was (its last activity
-- put back); the minute-by-minute record of its activity is no change.
CREATE TRIGGER "sessions_changed" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN ((OLD.token_hash, OLD.user_id, OLD.organization_id, OLD.partner_link_id,
         OLD.impersonator_user_id, OLD.impersonator_expires_at, OLD.expires_at)
        IS DISTINCT FROM
        (NEW.token_hash, NEW.user_id, NEW.organization_id, NEW.partner_link_id,
         NEW.impersonator_user_id, NEW.impersonator_expires_at, NEW.expires_at)
        OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION "notify_change"('s');
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "notify_change"('s');
--> statement-breakpoint
-- What a session shows of its person and decides by: name, address, picture, role, staff.
CREATE TRIGGER "users_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.email, OLD.first_name, OLD.last_name, OLD.role,
         OLD.profile_image_url, OLD.is_staff)
        IS DISTINCT FROM
        (NEW.organization_id, NEW.email, NEW.first_name, NEW.last_name, NEW.role,
         NEW.profile_image_url, NEW.is_staff))
  EXECUTE FUNCTION "notify_change"('u');
--> statement-breakpoint
CREATE TRIGGER "users_removed" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "notify_change"('u');
--> statement-breakpoint
CREATE TRIGGER "organizations_changed" AFTER UPDATE ON "organizations" FOR EACH ROW
  WHEN ((OLD.domain, OLD.status) IS DISTINCT FROM (NEW.domain, NEW.status))
  EXECUTE FUNCTION "notify_change"('o');
--> statement-breakpoint
CREATE TRIGGER "organizations_removed" AFTER DELETE ON "organizations" FOR EACH ROW
  EXECUTE FUNCTION "notify_change"('o');
--> statement-breakpoint
CREATE TRIGGER "organizations_data_version_moved" AFTER UPDATE ON "organizations" FOR EACH ROW
  WHEN (OLD.data_version IS DISTINCT FROM NEW.data_version)
  EXECUTE FUNCTION "notify_change"('v');
--> statement-breakpoint
CREATE TRIGGER "partner_links_changed" AFTER UPDATE OR DELETE ON "partner_links" FOR EACH ROW
  EXECUTE FUNCTION "notify_change"('l');
