-- A person's 'held' account (credits over their KYC caps wait there), created on first use.
CREATE OR REPLACE FUNCTION owo_held_account(p_owner uuid) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND code = 'held' AND ref = '';
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (id, owner_id, code, ref, no_overdraft) VALUES (gen_random_uuid(), p_owner, 'held', '', true) ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM ledger_accounts WHERE owner_id = p_owner AND code = 'held' AND ref = '';
  END IF;
  RETURN v_id;
END
$$;
