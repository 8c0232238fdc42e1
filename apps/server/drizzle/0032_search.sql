CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tags" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, search_tags), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_doc_idx" ON "products" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "shops_name_search_idx" ON "shops" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
-- custom: the tags of the products already there (their category and subcategory ids as words;
-- new writes use the names) and the vocabulary counted from them (search-words.ts recountWords).
UPDATE "products" SET "search_tags" = replace("category_id", '-', ' ') || ' ' || replace("subcategory_id", '-', ' ');--> statement-breakpoint
INSERT INTO "search_words" ("word", "products")
  SELECT w, count(*)::int FROM "products" p, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, p."name" || ' ' || p."search_tags"))) w
  WHERE p."deleted_at" IS NULL AND w ~ '^[a-z][a-z''-]+$' GROUP BY w;
