-- A person's wallet account, created on first use (sign-up normally opens it).
CREATE OR REPLACE FUNCTION owo_wallet(p_owner uuid) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND code = 'wallet' AND ref = '';
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (id, owner_id, code, ref, no_overdraft) VALUES (gen_random_uuid(), p_owner, 'wallet', '', true) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND code = 'wallet' AND ref = '';
  END IF;
  RETURN v_id;
END
$$;
