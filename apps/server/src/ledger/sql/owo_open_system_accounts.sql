-- Creates the shards of these system accounts (owner NULL, no overdraft limit) where missing;
-- openSystemAccounts runs it at boot.
CREATE OR REPLACE FUNCTION owo_open_system_accounts(p_codes text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (id, owner_id, code, ref, no_overdraft)
  SELECT gen_random_uuid(), NULL, c.code, 'shard-' || s.n, false
    FROM unnest(p_codes) AS c(code), generate_series(0, owo_system_shards() - 1) AS s(n)
  ON CONFLICT DO NOTHING;
END
$$;
