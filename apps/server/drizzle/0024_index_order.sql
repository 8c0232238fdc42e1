-- Descending index columns as DESC NULLS FIRST, the order of ORDER BY x DESC, so a page reads its rows from the index in order
-- and stops at its limit (DESC NULLS LAST matched no query and every page sorted all its rows).
DROP INDEX "notices_user_idx";--> statement-breakpoint
DROP INDEX "transactions_user_time_idx";--> statement-breakpoint
DROP INDEX "chat_calls_caller_idx";--> statement-breakpoint
DROP INDEX "chat_calls_callee_idx";--> statement-breakpoint
DROP INDEX "chat_conversations_a_idx";--> statement-breakpoint
DROP INDEX "chat_conversations_b_idx";--> statement-breakpoint
DROP INDEX "chat_saved_media_user_idx";--> statement-breakpoint
DROP INDEX "orders_shopper_idx";--> statement-breakpoint
DROP INDEX "orders_shop_idx";--> statement-breakpoint
DROP INDEX "product_views_recent_idx";--> statement-breakpoint
DROP INDEX "products_shop_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_place_idx";--> statement-breakpoint
DROP INDEX "product_reviews_product_idx";--> statement-breakpoint
DROP INDEX "shop_follows_user_idx";--> statement-breakpoint
DROP INDEX "shop_reports_reporter_idx";--> statement-breakpoint
DROP INDEX "wishlist_user_idx";--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_user_time_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_calls_caller_idx" ON "chat_calls" USING btree ("caller_id","started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_calls_callee_idx" ON "chat_calls" USING btree ("callee_id","started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_conversations_a_idx" ON "chat_conversations" USING btree ("user_a","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_conversations_b_idx" ON "chat_conversations" USING btree ("user_b","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_saved_media_user_idx" ON "chat_saved_media" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_shopper_idx" ON "orders" USING btree ("shopper_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_views_recent_idx" ON "product_views" USING btree ("user_id","viewed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_shop_idx" ON "products" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_place_idx" ON "products" USING btree ("state_id","lga_id","created_at" DESC NULLS FIRST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_follows_user_idx" ON "shop_follows" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_reports_reporter_idx" ON "shop_reports" USING btree ("reporter_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wishlist_user_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC NULLS FIRST);