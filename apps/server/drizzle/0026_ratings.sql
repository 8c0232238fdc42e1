-- Products and shops keep their rating (the sum and count of the reviews) instead of averaging them on every read.
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The ratings so far, from the reviews written before the rows kept them.
UPDATE "products" p SET "rating_sum" = x.sum, "rating_count" = x.n
  FROM (SELECT product_id, sum(rating)::int AS sum, count(*)::int AS n FROM product_reviews GROUP BY product_id) x
  WHERE x.product_id = p.id;--> statement-breakpoint
UPDATE "shops" s SET "rating_sum" = x.sum, "rating_count" = x.n
  FROM (SELECT shop_id, sum(rating_sum)::int AS sum, sum(rating_count)::int AS n FROM products GROUP BY shop_id) x
  WHERE x.shop_id = s.id;
