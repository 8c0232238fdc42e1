-- A shop keeps the count of its live products (kept by the upload and the delete) instead of counting them on every read.
ALTER TABLE "shops" ADD COLUMN "products_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts so far.
UPDATE "shops" s SET "products_count" = x.n
  FROM (SELECT shop_id, count(*)::int AS n FROM products WHERE deleted_at IS NULL GROUP BY shop_id) x
  WHERE x.shop_id = s.id;
