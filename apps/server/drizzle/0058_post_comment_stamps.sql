-- Written by `npm run db:check -- --write post_comment_stamps` from the SQL sources:
--   src/services/connect/sql/owo_post_comment_changed.sql

-- Source: src/services/connect/sql/owo_post_comment_changed.sql
-- A comment hidden, restored, edited or deleted renews its post's row (post_comments_touch_post), so
-- the post's kept shared part (services/connect/post-pieces.ts), whose version is the row's xmin, is
-- built again for the next page that shows it, on every server process. A new comment and a like
-- change the post's counts in their own statement, which renews the row already.
CREATE OR REPLACE FUNCTION owo_post_comment_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET comment_count = comment_count WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER post_comments_touch_post AFTER UPDATE OF hidden_at, text OR DELETE ON post_comments FOR EACH ROW EXECUTE FUNCTION owo_post_comment_changed();
