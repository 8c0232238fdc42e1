CREATE TABLE "home_timelines" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	CONSTRAINT "home_timelines_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"actor_id" uuid NOT NULL,
	"target_id" uuid,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline_owners" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "home_timelines_page_idx" ON "home_timelines" USING btree ("user_id","sort_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "timeline_events_actor_idx" ON "timeline_events" USING btree ("actor_id","kind");--> statement-breakpoint
-- custom: the timelines' events, written by triggers on posts and follows (src/services/connect/sql/owo_timeline_event.sql)
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
--> statement-breakpoint
CREATE TRIGGER posts_timeline_events AFTER INSERT OR UPDATE OF status, hidden_at ON posts FOR EACH ROW EXECUTE FUNCTION owo_timeline_event();--> statement-breakpoint
CREATE TRIGGER follows_timeline_events AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION owo_timeline_event();
