-- The timelines' events (services/connect/timeline-tables.ts, timeline_events): written by the
-- triggers posts_timeline_events and follows_timeline_events in the transaction of the change, so
-- every way a post is published, approved, deleted or hidden, and every follow, reaches the
-- fan-out (connect.timeline-fanout) once it commits.
CREATE OR REPLACE FUNCTION owo_timeline_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_shown boolean;
  is_shown boolean;
BEGIN
  IF TG_TABLE_NAME = 'follows' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO timeline_events (kind, actor_id, target_id) VALUES ('follow', NEW.follower_id, NEW.followee_id);
      RETURN NEW;
    END IF;
    INSERT INTO timeline_events (kind, actor_id, target_id) VALUES ('unfollow', OLD.follower_id, OLD.followee_id);
    RETURN OLD;
  END IF;
  is_shown := NEW.status = 'published' AND NEW.hidden_at IS NULL;
  was_shown := TG_OP = 'UPDATE' AND OLD.status = 'published' AND OLD.hidden_at IS NULL;
  IF is_shown AND NOT was_shown THEN
    INSERT INTO timeline_events (kind, post_id, actor_id) VALUES ('post', NEW.id, NEW.author_id);
  ELSIF was_shown AND NOT is_shown THEN
    INSERT INTO timeline_events (kind, post_id, actor_id) VALUES ('remove', NEW.id, NEW.author_id);
  END IF;
  RETURN NEW;
END
$$;
