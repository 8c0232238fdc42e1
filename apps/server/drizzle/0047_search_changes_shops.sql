-- Written by `npm run db:check -- --write search_changes_shops` from the SQL sources:
--   src/services/ecommerce/sql/owo_search_changed.sql

-- Source: src/services/ecommerce/sql/owo_search_changed.sql
-- Trigger function of products_search_changed_{insert,update,delete} (AFTER ... ON products FOR EACH
-- STATEMENT, with the statement's rows as `new_rows` / `old_rows`): tells every server process, once
-- the change commits, the search words (the lexemes of `search_doc`, before and after) of the
-- products whose search could change: added, removed, hidden, moved, re-categorised, re-priced,
-- re-worded, or gone in or out of stock. Each process then drops the searches it keeps for those
-- words (routes.ts). After the words, on a line of their own, come the shops of those products
-- (before and after): a kept ranking re-ranks only their products (search.service.ts, updateRanking);
-- when they do not fit in the notification they are left out, and the rankings are made afresh. A
-- statement of more than 200 products, or words too many for one notification, says '*': drop every
-- kept search. Sales and ratings alone say nothing.
CREATE OR REPLACE FUNCTION owo_search_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  words text;
  shops text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows OFFSET 200) THEN
      PERFORM pg_notify('owo_search', '*');
      RETURN NULL;
    END IF;
    SELECT string_agg(DISTINCT w, ' '), string_agg(DISTINCT n.shop_id::text, ' ') INTO words, shops
      FROM new_rows n, unnest(tsvector_to_array(n.search_doc)) w;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows OFFSET 200) THEN
      PERFORM pg_notify('owo_search', '*');
      RETURN NULL;
    END IF;
    SELECT string_agg(DISTINCT w, ' '), string_agg(DISTINCT o.shop_id::text, ' ') INTO words, shops
      FROM old_rows o, unnest(tsvector_to_array(o.search_doc)) w;
  ELSE
    IF EXISTS (SELECT 1 FROM new_rows OFFSET 200) THEN
      PERFORM pg_notify('owo_search', '*');
      RETURN NULL;
    END IF;
    SELECT string_agg(DISTINCT w, ' '), string_agg(DISTINCT s::text, ' ') INTO words, shops
      FROM new_rows n JOIN old_rows o ON o.id = n.id,
        unnest(tsvector_to_array(n.search_doc) || tsvector_to_array(o.search_doc)) w,
        unnest(ARRAY[n.shop_id, o.shop_id]) s
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
  IF octet_length(words) > 7000 THEN
    PERFORM pg_notify('owo_search', '*');
  ELSIF octet_length(words) + octet_length(shops) > 7900 THEN
    PERFORM pg_notify('owo_search', words);
  ELSE
    PERFORM pg_notify('owo_search', words || E'\n' || shops);
  END IF;
  RETURN NULL;
END
$$;
