-- Live products per category, kept by the product writes, so a category page's total is one row instead of a count of the category.
CREATE TABLE "product_category_counts" (
	"category_id" text PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counts so far.
INSERT INTO "product_category_counts" ("category_id", "live")
  SELECT category_id, count(*)::int FROM products WHERE deleted_at IS NULL GROUP BY category_id;
