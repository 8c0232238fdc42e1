-- The KYC rules where money moves: called by owo_post_transfers (the ledger's one posting path)
-- with the transfers it has just recorded and their accounts as owo_move_counters left them (every
-- account the transfers name, locked, counters moved), in the same transaction; owners, codes and
-- balances are read from those rows, not from the table again.
-- Only accounts whose owner has a KYC profile (every person: trigger users_kyc_profile) are ruled.
--  1. Outflows: what leaves a person's wallet or business account for anyone else's account (or
--     for their own order's escrow), fees included; loan repayments and the levy are not spending.
--     It is added to today's total (kyc_usage, Lagos day) and refused, with everything in the
--     transaction, when:
--       the person has neither BVN nor NIN and signed up more than kyc_rules.verify_days ago:
--         OWO:KYC_RESTRICTED;
--       a device first seen lately may still sign in (new_device_until) and today's total passes
--         kyc_rules.new_device_daily_out: OWO:DEVICE_LIMIT, DETAIL 'limit:left';
--       today's total passes the tier's daily_out: OWO:KYC_LIMIT, DETAIL 'tier:limit:left'.
--     Every payer's total moves and is checked in one statement (payers in id order; the first
--     refused payer's first rule in the order above is the one raised).
--  2. Inflows: a posted credit to a person's wallet from anyone else's account. Over the tier's
--     per_deposit, or leaving the wallet over its balance_cap, it is parked at once in the person's
--     'held' account (transfer kind 'kyc_hold', a kyc_held_credits row): released on upgrade or
--     returned to its sender after KYC_HOLD_DAYS (services/kyc/held.service.ts). Otherwise, when
--     it comes from another person or a bank transfer in (virtual_account) and is at least
--     kyc_rules.levy_threshold, the EMT levy moves from the wallet to the system account 'levy'
--     (kind 'levy') with a history row. Returns of held credits (kind 'kyc_return') are exempt.
-- Returns how many holds and levies it posted (PL/pgSQL callers assign it, as owo_move_counters).
CREATE OR REPLACE FUNCTION owo_kyc_check(p_transfers ledger_transfers[], p_accounts ledger_accounts[]) RETURNS integer
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  r record;
  v_refused record;
  v_held uuid;
  v_id uuid;
  v_done integer := 0;
BEGIN
  WITH outflow AS (
    SELECT d.owner_id AS payer, sum(t.amount)::bigint AS amount
      FROM unnest(p_transfers) AS t
      JOIN unnest(p_accounts) AS d ON d.id = t.debit_account_id
      JOIN unnest(p_accounts) AS c ON c.id = t.credit_account_id
     WHERE d.owner_id IS NOT NULL AND d.code IN ('wallet', 'business')
       AND (c.owner_id IS DISTINCT FROM d.owner_id OR c.code = 'escrow')
       AND t.kind NOT IN ('loan.repay', 'levy')
     GROUP BY d.owner_id
  ), used AS (
    INSERT INTO kyc_usage AS u (user_id, day, out_kobo)
    SELECT p.user_id, owo_lagos_day(), o.amount FROM outflow o JOIN kyc_profiles p ON p.user_id = o.payer ORDER BY p.user_id
    ON CONFLICT (user_id) DO UPDATE
      SET out_kobo = CASE WHEN u.day = excluded.day THEN u.out_kobo ELSE 0 END + excluded.out_kobo, day = excluded.day
    RETURNING u.user_id, u.out_kobo
  ), ruled AS (
    -- Each payer's first refusal in the header's order, if any; the new-device limit counts only
    -- while it is below the tier's.
    SELECT l.*, CASE WHEN l.restricted THEN 'KYC_RESTRICTED'
                     WHEN l.used > l.device_limit THEN 'DEVICE_LIMIT'
                     WHEN l.used > l.daily_out THEN 'KYC_LIMIT' END AS refusal
      FROM (SELECT used.user_id, used.out_kobo AS used, o.amount, p.tier, k.daily_out,
                   p.bvn_verified_at IS NULL AND p.nin_verified_at IS NULL
                     AND p.created_at < now() - make_interval(days => s.verify_days) AS restricted,
                   CASE WHEN p.new_device_until > now() AND s.new_device_daily_out < k.daily_out THEN s.new_device_daily_out END AS device_limit
              FROM used
              JOIN outflow o ON o.payer = used.user_id
              JOIN kyc_profiles p ON p.user_id = used.user_id
              JOIN kyc_tiers k ON k.tier = p.tier
              JOIN kyc_rules s ON s.id = 1) AS l
  )
  SELECT * INTO v_refused FROM ruled WHERE refusal IS NOT NULL ORDER BY user_id LIMIT 1;
  CASE v_refused.refusal
    WHEN 'KYC_RESTRICTED' THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:KYC_RESTRICTED';
    WHEN 'DEVICE_LIMIT' THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:DEVICE_LIMIT',
        DETAIL = v_refused.device_limit || ':' || greatest(v_refused.device_limit - (v_refused.used - v_refused.amount), 0);
    WHEN 'KYC_LIMIT' THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:KYC_LIMIT',
        DETAIL = v_refused.tier || ':' || v_refused.daily_out || ':' || greatest(v_refused.daily_out - (v_refused.used - v_refused.amount), 0);
    ELSE NULL; -- no payer refused
  END CASE;

  FOR r IN
    SELECT t.id, t.amount, t.reference, t.debit_account_id AS source, c.id AS account, c.owner_id AS payee,
           c.credits_posted - c.debits_posted AS balance, k.per_deposit, k.balance_cap,
           d.owner_id IS NOT NULL OR d.code = 'virtual_account' AS from_someone, s.levy, s.levy_threshold
      FROM unnest(p_transfers) AS t
      JOIN unnest(p_accounts) AS c ON c.id = t.credit_account_id
      JOIN unnest(p_accounts) AS d ON d.id = t.debit_account_id
      JOIN kyc_profiles p ON p.user_id = c.owner_id
      JOIN kyc_tiers k ON k.tier = p.tier
      JOIN kyc_rules s ON s.id = 1
     WHERE c.code = 'wallet' AND d.owner_id IS DISTINCT FROM c.owner_id AND t.status = 'posted' AND t.kind <> 'kyc_return'
  LOOP
    IF (r.per_deposit IS NOT NULL AND r.amount > r.per_deposit) OR (r.balance_cap IS NOT NULL AND r.balance > r.balance_cap) THEN
      v_held := owo_held_account(r.payee);
      v_id := md5(r.id::text || ':hold')::uuid;
      PERFORM owo_post_transfers(ARRAY[v_id], ARRAY[r.account], ARRAY[v_held], ARRAY[r.amount], ARRAY['kyc_hold'], ARRAY[r.reference]);
      INSERT INTO kyc_held_credits (id, user_id, amount, wallet_account_id, held_account_id, source_transfer_id, source_account_id, reference, reason)
      VALUES (v_id, r.payee, r.amount, r.account, v_held, r.id, r.source, r.reference,
              CASE WHEN r.per_deposit IS NOT NULL AND r.amount > r.per_deposit THEN 'deposit_cap' ELSE 'balance_cap' END);
      v_done := v_done + 1;
    ELSIF r.from_someone AND r.levy > 0 AND r.amount >= r.levy_threshold THEN
      PERFORM owo_post_transfers(ARRAY[md5(r.id::text || ':levy')::uuid], ARRAY[r.account], ARRAY[NULL::uuid], ARRAY[r.levy], ARRAY['levy'],
                                 ARRAY[r.reference], p_credit_systems => ARRAY['levy']);
      INSERT INTO transactions (id, user_id, reference, type, direction, amount, fee, status, narration, counterparty)
      VALUES (md5(r.id::text || ':levy-row')::uuid, r.payee, r.reference || '-levy', 'levy', 'debit', r.levy, 0, 'successful',
              'Electronic money transfer levy', jsonb_build_object('id', NULL, 'name', 'EMT levy', 'bankName', NULL, 'accountNumber', NULL))
      ON CONFLICT DO NOTHING;
      v_done := v_done + 1;
    END IF;
  END LOOP;
  RETURN v_done;
END
$$;
