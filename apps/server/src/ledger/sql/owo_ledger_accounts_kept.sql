-- Ledger accounts, once opened, are never deleted (trigger ledger_accounts_never_deleted,
-- migration 0012): every transfer names its two accounts without a foreign key.
CREATE OR REPLACE FUNCTION owo_ledger_accounts_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'restrict_violation';
END
$$;
