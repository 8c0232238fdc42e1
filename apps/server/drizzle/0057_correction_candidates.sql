-- Written by `npm run db:check -- --write correction_candidates` from the SQL sources:
--   src/services/ecommerce/sql/owo_correction_candidates.sql

-- Source: src/services/ecommerce/sql/owo_correction_candidates.sql
-- The correction candidates of misspelt words (search-words.ts corrections), in one statement: for
-- each word, the vocabulary's words at least 0.2 similar, the 12 most similar, the commoner first
-- among equals. `w <% word` (word similarity, never below the similarity) picks them through
-- search_words_trgm_idx; its threshold is 0.2 for this function's run alone (the SET below), so the
-- caller needs no transaction of its own to set it. pg_trgm's `%` is not used: it hangs the embedded
-- database (PGlite 0.5 with the cube extension loaded beside pg_trgm).
CREATE OR REPLACE FUNCTION owo_correction_candidates(p_words text[])
RETURNS TABLE (w text, word text, products integer, sim real)
LANGUAGE sql STABLE
SET pg_trgm.word_similarity_threshold = '0.2'
AS $$
  SELECT q.w, c.word, c.products, c.sim
  FROM unnest(p_words) AS q(w)
  CROSS JOIN LATERAL (
    SELECT s.word, s.products, similarity(s.word, q.w) AS sim FROM search_words s
    WHERE q.w <% s.word AND similarity(s.word, q.w) >= 0.2 AND s.products > 0
    ORDER BY similarity(s.word, q.w) DESC, s.products DESC
    LIMIT 12
  ) c
$$;
