-- A shop keeps its rating (the sum and count of its products' reviews) instead of averaging them on every read.
ALTER TABLE "shops" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The ratings so far, from the reviews written before the shop kept them.
UPDATE "shops" s SET "rating_sum" = x.sum, "rating_count" = x.n
  FROM (SELECT p.shop_id, sum(r.rating)::int AS sum, count(*)::int AS n FROM product_reviews r JOIN products p ON p.id = r.product_id GROUP BY p.shop_id) x
  WHERE x.shop_id = s.id;
