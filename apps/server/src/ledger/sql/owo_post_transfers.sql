-- THE posting path for money: records a batch of transfers and moves their accounts' counters,
-- all or nothing, in the caller's transaction. Every caller goes through it: the TypeScript ledger
-- (`transfer` in ledger.ts) and the SQL of hot paths (owo_complete_send_money).
-- One element per transfer in each array (the arrays are as long as p_ids; the optional ones may
-- be NULL):
--   p_ids             the transfer's id, its idempotency key: one id never moves money twice
--   p_debits/credits  the account ids; NULL where p_debit_systems/p_credit_systems names a
--                     system account (say 'fees') instead, whose shard owo_system_account picks
--                     from the transfer's id
--   p_amounts         kobo, more than zero
--   p_pending         true: two-phase, the money is reserved until owo_resolve_transfers posts or
--                     voids it; otherwise posted at once
--   p_metadata        jsonb, '{}' when NULL
-- The transfers are inserted first (ON CONFLICT DO NOTHING on the id; a leg with no amount or with
-- one account on both sides is left out, and refused once the statement has run):
--   all new: the counters move through owo_move_counters (accounts locked in ascending id order,
--     no overdraft); created = true and `transfers` holds the new transfers, in the order of p_ids;
--   all there already, with the same accounts, amount and kind: a replay; nothing moves, created =
--     false and `transfers` holds the stored ones. A system leg is compared by its account's code,
--     not its shard, so a transfer whose shard an older rule picked is still recognised;
--   anything else: OWO:TRANSFER_EXISTS.
-- Other errors: OWO:AMOUNT_INVALID, OWO:SAME_ACCOUNT, OWO:ACCOUNT_NOT_FOUND, OWO:INSUFFICIENT_FUNDS, and
-- the KYC rules' (owo_kyc_check: OWO:KYC_LIMIT, OWO:KYC_RESTRICTED, OWO:DEVICE_LIMIT).
-- It returns one value (not a set), so that PL/pgSQL calls it as an expression:
-- `v_created := (owo_post_transfers(...)).created`, with no statement of its own; SQL reads the
-- transfers with `FROM owo_post_transfers(...) AS p, unnest(p.transfers) AS t`.
-- Generic plans, here and in owo_move_counters: planned with the arrays' contents in view, these
-- statements would be planned again on every call (the arrays' lengths move the estimates), which
-- costs more than running them.
CREATE OR REPLACE FUNCTION owo_post_transfers(
  p_ids uuid[],
  p_debits uuid[],
  p_credits uuid[],
  p_amounts bigint[],
  p_kinds text[],
  p_references text[],
  p_pending boolean[] DEFAULT NULL,
  p_metadata jsonb[] DEFAULT NULL,
  p_debit_systems text[] DEFAULT NULL,
  p_credit_systems text[] DEFAULT NULL,
  OUT created boolean,
  OUT transfers ledger_transfers[]
)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_n integer := cardinality(p_ids);
  v_debits uuid[] := p_debits;
  v_credits uuid[] := p_credits;
  v_inserted integer;
  v_accounts uuid[];
  v_dp bigint[];
  v_cp bigint[];
  v_dpe bigint[];
  v_cpe bigint[];
  v_moved ledger_accounts[];
  v_ruled integer;
  v_same integer;
BEGIN
  IF v_n IS NULL OR v_n = 0 THEN
    created := false;
    transfers := '{}';
    RETURN;
  END IF;
  IF p_debit_systems IS NOT NULL OR p_credit_systems IS NOT NULL THEN
    FOR i IN 1 .. v_n LOOP
      IF v_debits[i] IS NULL THEN
        v_debits[i] := owo_system_account(p_debit_systems[i], p_ids[i]::text);
      END IF;
      IF v_credits[i] IS NULL THEN
        v_credits[i] := owo_system_account(p_credit_systems[i], p_ids[i]::text);
      END IF;
    END LOOP;
  END IF;

  -- The transfers, and what they add to each account's counters (one row per account).
  WITH inserted AS (
    INSERT INTO ledger_transfers AS t (id, debit_account_id, credit_account_id, amount, kind, reference, status, metadata, seq, resolved_at)
    SELECT l.id, l.debit, l.credit, l.amount, l.kind, l.reference,
           CASE WHEN l.pending THEN 'pending' ELSE 'posted' END,
           coalesce(l.metadata, '{}'), l.n - 1,
           CASE WHEN l.pending THEN NULL ELSE now() END
      FROM unnest(p_ids, v_debits, v_credits, p_amounts, p_kinds, p_references, p_pending, p_metadata)
             WITH ORDINALITY AS l(id, debit, credit, amount, kind, reference, pending, metadata, n)
     WHERE l.amount > 0 AND l.debit <> l.credit -- the others are refused below
    ON CONFLICT (id) DO NOTHING
    RETURNING t AS transfer, t.debit_account_id AS debit, t.credit_account_id AS credit, t.amount, t.status = 'pending' AS pending
  ), moves AS (
    SELECT m.account, sum(m.dp)::bigint AS dp, sum(m.cp)::bigint AS cp, sum(m.dpe)::bigint AS dpe, sum(m.cpe)::bigint AS cpe
      FROM inserted AS i,
           LATERAL (VALUES (i.debit, CASE WHEN i.pending THEN 0 ELSE i.amount END, 0, CASE WHEN i.pending THEN i.amount ELSE 0 END, 0),
                           (i.credit, 0, CASE WHEN i.pending THEN 0 ELSE i.amount END, 0, CASE WHEN i.pending THEN i.amount ELSE 0 END))
             AS m(account, dp, cp, dpe, cpe)
     GROUP BY m.account
  )
  SELECT (SELECT array_agg(i.transfer ORDER BY (i.transfer).seq) FROM inserted AS i), (SELECT count(*) FROM inserted),
         array_agg(m.account), array_agg(m.dp), array_agg(m.cp), array_agg(m.dpe), array_agg(m.cpe)
    INTO transfers, v_inserted, v_accounts, v_dp, v_cp, v_dpe, v_cpe
    FROM moves AS m;

  IF v_inserted = v_n THEN
    v_moved := owo_move_counters(v_accounts, v_dp, v_cp, v_dpe, v_cpe);
    -- The KYC rules on the same transfers and the accounts as moved: day limits, held credits,
    -- the levy (services/kyc/sql).
    v_ruled := owo_kyc_check(transfers, v_moved);
    created := true;
    RETURN;
  END IF;

  -- Not all inserted: a leg refused, or ids already used (a replay, or a conflict).
  FOR i IN 1 .. v_n LOOP
    IF p_amounts[i] IS NULL OR p_amounts[i] <= 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:AMOUNT_INVALID', DETAIL = p_ids[i];
    END IF;
    IF v_debits[i] IS NULL OR v_credits[i] IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:ACCOUNT_NOT_FOUND', DETAIL = p_ids[i];
    END IF;
    IF v_debits[i] = v_credits[i] THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:SAME_ACCOUNT', DETAIL = p_ids[i];
    END IF;
  END LOOP;
  IF v_inserted = 0 THEN
    SELECT count(*) INTO v_same
      FROM unnest(p_ids, p_debits, p_credits, p_debit_systems, p_credit_systems, p_amounts, p_kinds)
             AS l(id, debit, credit, debit_system, credit_system, amount, kind)
      JOIN ledger_transfers t ON t.id = l.id
     WHERE t.amount = l.amount AND t.kind = l.kind
       AND (t.debit_account_id = l.debit OR (l.debit IS NULL AND EXISTS (
             SELECT 1 FROM ledger_accounts a WHERE a.id = t.debit_account_id AND a.owner_id IS NULL AND a.code = l.debit_system)))
       AND (t.credit_account_id = l.credit OR (l.credit IS NULL AND EXISTS (
             SELECT 1 FROM ledger_accounts a WHERE a.id = t.credit_account_id AND a.owner_id IS NULL AND a.code = l.credit_system)));
    IF v_same = v_n THEN
      created := false;
      SELECT array_agg(t ORDER BY u.n) INTO transfers FROM unnest(p_ids) WITH ORDINALITY AS u(id, n) JOIN ledger_transfers t ON t.id = u.id;
      RETURN;
    END IF;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:TRANSFER_EXISTS';
END
$$;
