-- Money that left a person's wallet since `day_start`, fees included; pending outflows count, and
-- moving money between your own wallet and savings is not spending. The one definition used by
-- the spending limit everywhere.
-- (PL/pgSQL rather than SQL functions throughout: their plans are kept per connection, where a
-- SQL function called from PL/pgSQL is parsed again on every call.)
CREATE OR REPLACE FUNCTION owo_spent_since(p_user uuid, p_day_start timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(sum(amount + fee), 0)::bigint
      FROM transactions
     WHERE user_id = p_user
       AND direction = 'debit'
       AND status IN ('successful', 'pending')
       AND type NOT IN ('savings', 'lockedFund')
       AND created_at >= p_day_start
  );
END
$$;
