-- The shard of system account `p_code` that a transfer uses: 'shard-N' with N following from the
-- key (the transfer's id), so a transfer replayed later names the same shard and different
-- transfers spread over the shards (no single row serialises all traffic). The one rule for the
-- shard; hashtext is int4, shifted to be non-negative before taking the remainder. Raises
-- OWO:ACCOUNT_NOT_FOUND when the shards are not open (openSystemAccounts does it at boot).
CREATE OR REPLACE FUNCTION owo_system_account(p_code text, p_key text) RETURNS uuid
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_id uuid;
  v_ref text := 'shard-' || ((hashtext(p_key)::bigint + 2147483648) % owo_system_shards());
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE owner_id IS NULL AND code = p_code AND ref = v_ref;
  IF v_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:ACCOUNT_NOT_FOUND', DETAIL = 'system account ' || coalesce(p_code, 'NULL') || ' ' || v_ref;
  END IF;
  RETURN v_id;
END
$$;
