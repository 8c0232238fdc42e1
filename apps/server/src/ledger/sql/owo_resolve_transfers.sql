-- Resolves pending transfers: 'post' moves the reserved amounts to posted, 'void' releases them
-- (the money is back where it was), with p_reason kept on the transfer. Transfers already
-- resolved (or not pending) are left as they are, so a repeated resolution is harmless; returns
-- the transfers this call changed. The counters move through owo_move_counters, as for a new
-- transfer (locks in ascending id order). Generic plans, as in owo_post_transfers.
CREATE OR REPLACE FUNCTION owo_resolve_transfers(p_ids uuid[], p_outcome text, p_reason text DEFAULT NULL)
RETURNS SETOF ledger_transfers
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_changed ledger_transfers[];
  v_accounts uuid[];
  v_dp bigint[];
  v_cp bigint[];
  v_dpe bigint[];
  v_cpe bigint[];
  v_moved ledger_accounts[];
BEGIN
  IF p_outcome IS NULL OR p_outcome NOT IN ('post', 'void') THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:OUTCOME_INVALID', DETAIL = coalesce(p_outcome, 'NULL');
  END IF;
  WITH changed AS (
    UPDATE ledger_transfers
       SET status = CASE WHEN p_outcome = 'post' THEN 'posted' ELSE 'voided' END, resolved_at = now(), reason = p_reason
     WHERE id = ANY (p_ids) AND status = 'pending'
    RETURNING *
  ), moves AS (
    -- Each changed transfer releases its reservation on both sides and, when posted, posts it.
    SELECT m.account, sum(m.dp)::bigint AS dp, sum(m.cp)::bigint AS cp, sum(m.dpe)::bigint AS dpe, sum(m.cpe)::bigint AS cpe
      FROM changed AS c,
           LATERAL (VALUES (c.debit_account_id, CASE WHEN p_outcome = 'post' THEN c.amount ELSE 0 END, 0, -c.amount, 0),
                           (c.credit_account_id, 0, CASE WHEN p_outcome = 'post' THEN c.amount ELSE 0 END, 0, -c.amount)) AS m(account, dp, cp, dpe, cpe)
     GROUP BY m.account
  )
  SELECT (SELECT array_agg(c ORDER BY c.seq, c.id) FROM changed AS c),
         array_agg(m.account), array_agg(m.dp), array_agg(m.cp), array_agg(m.dpe), array_agg(m.cpe)
    INTO v_changed, v_accounts, v_dp, v_cp, v_dpe, v_cpe
    FROM moves AS m;
  IF v_changed IS NULL THEN
    RETURN;
  END IF;
  v_moved := owo_move_counters(v_accounts, v_dp, v_cp, v_dpe, v_cpe);
  RETURN QUERY SELECT * FROM unnest(v_changed);
END
$$;
