-- The Connect indexes too: descending columns as DESC NULLS FIRST, the order of ORDER BY x DESC (see 0024).
DROP INDEX "connect_profiles_popular_idx";--> statement-breakpoint
DROP INDEX "follows_followee_idx";--> statement-breakpoint
DROP INDEX "highlights_owner_idx";--> statement-breakpoint
DROP INDEX "post_comments_post_idx";--> statement-breakpoint
DROP INDEX "post_mentions_user_idx";--> statement-breakpoint
DROP INDEX "post_saves_user_time_idx";--> statement-breakpoint
DROP INDEX "post_saves_collection_idx";--> statement-breakpoint
DROP INDEX "posts_author_feed_idx";--> statement-breakpoint
DROP INDEX "posts_category_feed_idx";--> statement-breakpoint
DROP INDEX "posts_community_feed_idx";--> statement-breakpoint
DROP INDEX "posts_drafts_idx";--> statement-breakpoint
DROP INDEX "communities_category_idx";--> statement-breakpoint
DROP INDEX "communities_popular_idx";--> statement-breakpoint
CREATE INDEX "connect_profiles_popular_idx" ON "connect_profiles" USING btree ("followers_count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "highlights_owner_idx" ON "highlights" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_mentions_user_idx" ON "post_mentions" USING btree ("user_id","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_saves_user_time_idx" ON "post_saves" USING btree ("user_id","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_saves_collection_idx" ON "post_saves" USING btree ("collection_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_feed_idx" ON "posts" USING btree ("author_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"kind","repost_of","community_id") WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "posts_category_feed_idx" ON "posts" USING btree ("category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null and "posts"."kind" <> 'repost';--> statement-breakpoint
CREATE INDEX "posts_community_feed_idx" ON "posts" USING btree ("community_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'published' and "posts"."hidden_at" is null and "posts"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_drafts_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS FIRST) WHERE "posts"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "communities_category_idx" ON "communities" USING btree ("category_id","members_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "communities_popular_idx" ON "communities" USING btree ("members_count" DESC NULLS FIRST,"id");