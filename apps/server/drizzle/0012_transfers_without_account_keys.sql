ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
-- The transfers no longer carry foreign keys to the accounts (each key's check was two more
-- lookups on every payment). What the keys guaranteed still holds: every write that records a
-- transfer moves both accounts' counters in the same transaction and fails when either is
-- missing, and an account, once opened, is never deleted: this trigger refuses it. The ledger
-- check counts transfers that name a missing account.
CREATE FUNCTION owo_ledger_accounts_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_never_deleted BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION owo_ledger_accounts_kept();
