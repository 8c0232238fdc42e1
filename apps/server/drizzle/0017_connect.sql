CREATE TABLE "close_friends" (
	"owner_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "close_friends_owner_id_friend_id_pk" PRIMARY KEY("owner_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "connect_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"followings_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
CREATE TABLE "highlight_likes" (
	"highlight_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "highlight_likes_highlight_id_user_id_pk" PRIMARY KEY("highlight_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "highlight_stories" (
	"highlight_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "highlight_stories_highlight_id_story_id_pk" PRIMARY KEY("highlight_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "highlights" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"cover_url" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_mentions" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_mentions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_reports" (
	"post_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reports_post_id_reporter_id_pk" PRIMARY KEY("post_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "post_saves" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"collection_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_saves_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_pk" PRIMARY KEY("post_id","tag")
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_id_day_viewer_id_pk" PRIMARY KEY("post_id","day","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"community_id" uuid,
	"kind" text NOT NULL,
	"repost_of" uuid,
	"status" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"mention_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"repost_count" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"media" jsonb,
	"text" text,
	"background" text,
	"audience" text NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"media_removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "story_views" (
	"story_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_views_story_id_viewer_id_pk" PRIMARY KEY("story_id","viewer_id")
);
--> statement-breakpoint
CREATE INDEX "connect_profiles_popular_idx" ON "connect_profiles" USING btree ("followers_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "highlight_stories_story_idx" ON "highlight_stories" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "highlights_owner_idx" ON "highlights" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_likes_post_time_idx" ON "post_likes" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "post_mentions_user_idx" ON "post_mentions" USING btree ("user_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_saves_user_time_idx" ON "post_saves" USING btree ("user_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_saves_collection_idx" ON "post_saves" USING btree ("collection_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_saves_post_idx" ON "post_saves" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "post_tags_recent_idx" ON "post_tags" USING btree ("created_at","tag");--> statement-breakpoint
CREATE INDEX "posts_author_feed_idx" ON "posts" USING btree ("author_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "posts_category_feed_idx" ON "posts" USING btree ("category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null and "posts"."kind" <> 'repost';--> statement-breakpoint
CREATE INDEX "posts_community_feed_idx" ON "posts" USING btree ("community_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null and "posts"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_drafts_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS LAST) WHERE "posts"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "posts_repost_of_idx" ON "posts" USING btree ("repost_of") WHERE "posts"."repost_of" is not null;--> statement-breakpoint
CREATE INDEX "posts_media_idx" ON "posts" USING gin ("media" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "posts_one_repost_key" ON "posts" USING btree ("author_id","repost_of") WHERE "posts"."kind" = 'repost' and "posts"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "saved_collections_name_key" ON "saved_collections" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stories_author_live_idx" ON "stories" USING btree ("author_id","expires_at");--> statement-breakpoint
CREATE INDEX "stories_cleanup_idx" ON "stories" USING btree ("expires_at") WHERE "stories"."media" is not null and "stories"."media_removed_at" is null;--> statement-breakpoint
CREATE INDEX "stories_media_url_idx" ON "stories" USING btree (("media"->>'url'));--> statement-breakpoint
CREATE INDEX "story_views_viewer_idx" ON "story_views" USING btree ("viewer_id");