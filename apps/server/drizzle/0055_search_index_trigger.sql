-- Written by `npm run db:check -- --write search_index_trigger` from the SQL sources:
--   src/services/ecommerce/sql/owo_search_changed.sql

-- Source: src/services/ecommerce/sql/owo_search_changed.sql
-- Trigger function of products_search_changed_{insert,update,delete} (AFTER ... ON products FOR EACH
-- STATEMENT, with the statement's rows as `new_rows` / `old_rows`): records in
-- product_search_changes, in the change's own transaction, each product whose search could change:
-- added, removed, hidden, moved, re-categorised, re-priced, re-worded, or gone in or out of stock.
-- Every server process reads these rows and re-reads those products into its search index
-- (search-index/follow.ts). Sales and ratings alone are not recorded (they move a product's quality,
-- which the index takes up at its next build).
CREATE OR REPLACE FUNCTION owo_search_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_search_changes (product_id) SELECT n.id FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_search_changes (product_id) SELECT o.id FROM old_rows o;
  ELSE
    INSERT INTO product_search_changes (product_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
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
  RETURN NULL;
END
$$;
