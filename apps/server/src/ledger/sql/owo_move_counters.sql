-- Moves the counters of some accounts, and is the only code that changes them. One element per
-- account in each array (each account once): how much its debits_posted, credits_posted,
-- debits_pending and credits_pending grow (pending ones shrink, negative, when a pending transfer
-- is resolved). Called by owo_post_transfers and owo_resolve_transfers, in the caller's transaction:
--  1. lock the accounts in ascending id order (SELECT ... ORDER BY id FOR UPDATE), as every ledger
--     write does, so concurrent transfers never deadlock on one another; and, on the rows as
--     locked, refuse to take a no-overdraft account below zero available
--     (credits_posted - debits_posted - debits_pending): OWO:INSUFFICIENT_FUNDS, DETAIL the account;
--     an account that does not exist: OWO:ACCOUNT_NOT_FOUND;
--  2. move every counter in one UPDATE (the locks are held; the table's CHECK constraint
--     ledger_accounts_no_overdraft stands behind the check).
-- Returns the accounts as moved (their rows after the UPDATE, in no particular order), so that the
-- KYC rules that follow in owo_post_transfers read owners, codes and balances from them instead of
-- reading the accounts again. PL/pgSQL callers call it in an assignment
-- (`v_accounts := owo_move_counters(...)`), which is evaluated as an expression; PERFORM would run
-- it as a query of its own, costing as much again as the two statements here.
-- Its callers run it under plan_cache_mode = force_generic_plan (see owo_post_transfers).
CREATE OR REPLACE FUNCTION owo_move_counters(
  p_accounts uuid[],
  p_debits_posted bigint[],
  p_credits_posted bigint[],
  p_debits_pending bigint[],
  p_credits_pending bigint[]
) RETURNS ledger_accounts[]
LANGUAGE plpgsql AS $$
DECLARE
  v_locked integer;
  v_moved ledger_accounts[];
  v_short uuid;
  v_account uuid;
BEGIN
  SELECT count(*), (array_agg(l.id) FILTER (WHERE l.short))[1]
    INTO v_locked, v_short
    FROM (SELECT a.id,
                 a.no_overdraft AND (a.credits_posted + p_credits_posted[array_position(p_accounts, a.id)])
                                  - (a.debits_posted + p_debits_posted[array_position(p_accounts, a.id)])
                                  - (a.debits_pending + p_debits_pending[array_position(p_accounts, a.id)]) < 0 AS short
            FROM ledger_accounts a
           WHERE a.id = ANY (p_accounts)
           ORDER BY a.id
             FOR UPDATE) AS l;
  IF v_locked < cardinality(p_accounts) THEN
    SELECT x INTO v_account FROM unnest(p_accounts) AS x WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE id = x) LIMIT 1;
    IF v_account IS NULL THEN
      RAISE EXCEPTION 'owo_move_counters: an account is named more than once';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:ACCOUNT_NOT_FOUND', DETAIL = v_account;
  END IF;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:INSUFFICIENT_FUNDS', DETAIL = v_short;
  END IF;

  WITH moved AS (
    UPDATE ledger_accounts a
       SET debits_posted = a.debits_posted + p_debits_posted[array_position(p_accounts, a.id)],
           credits_posted = a.credits_posted + p_credits_posted[array_position(p_accounts, a.id)],
           debits_pending = a.debits_pending + p_debits_pending[array_position(p_accounts, a.id)],
           credits_pending = a.credits_pending + p_credits_pending[array_position(p_accounts, a.id)]
     WHERE a.id = ANY (p_accounts)
    RETURNING a
  )
  SELECT array_agg(m.a) INTO v_moved FROM moved AS m;
  RETURN v_moved;
END
$$;
