-- Written by `npm run db:check -- --write search_changes` from the SQL sources:
--   src/services/ecommerce/sql/owo_search_changed.sql

-- Source: src/services/ecommerce/sql/owo_search_changed.sql
-- Trigger function of products_search_changed_{insert,update,delete} (AFTER ... ON products FOR EACH
-- STATEMENT, with the statement's rows as `new_rows` / `old_rows`): tells every server process, once
-- the change commits, the search words (the lexemes of `search_doc`, before and after) of the
-- products whose search could change: added, removed, hidden, moved, re-categorised, re-priced,
-- re-worded, or gone in or out of stock. Each process then drops the searches it keeps for those
-- words (search-cache.ts). A statement of more than 200 products, or words too many for one
-- notification, says '*': drop every kept search. Sales and ratings alone say nothing.
CREATE OR REPLACE FUNCTION owo_search_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  words text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows OFFSET 200) THEN
      PERFORM pg_notify('owo_search', '*');
      RETURN NULL;
    END IF;
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM new_rows n, unnest(tsvector_to_array(n.search_doc)) w;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows OFFSET 200) THEN
      PERFORM pg_notify('owo_search', '*');
      RETURN NULL;
    END IF;
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM old_rows o, unnest(tsvector_to_array(o.search_doc)) w;
  ELSE
    IF EXISTS (SELECT 1 FROM new_rows OFFSET 200) THEN
      PERFORM pg_notify('owo_search', '*');
      RETURN NULL;
    END IF;
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM new_rows n JOIN old_rows o ON o.id = n.id,
        unnest(tsvector_to_array(n.search_doc) || tsvector_to_array(o.search_doc)) w
      WHERE n.search_doc IS DISTINCT FROM o.search_doc
        OR n.deleted_at IS DISTINCT FROM o.deleted_at
        OR n.hidden_at IS DISTINCT FROM o.hidden_at
        OR n.shop_id <> o.shop_id
        OR n.state_id <> o.state_id
        OR n.lga_id <> o.lga_id
        OR n.category_id <> o.category_id
        OR n.subcategory_id <> o.subcategory_id
        OR n.price <> o.price
        OR (n.stock > 0) <> (o.stock > 0)
        OR n.created_at <> o.created_at;
  END IF;
  IF words IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('owo_search', CASE WHEN octet_length(words) > 7000 THEN '*' ELSE words END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_changed_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owo_search_changed();--> statement-breakpoint
CREATE TRIGGER products_search_changed_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owo_search_changed();--> statement-breakpoint
CREATE TRIGGER products_search_changed_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owo_search_changed();
