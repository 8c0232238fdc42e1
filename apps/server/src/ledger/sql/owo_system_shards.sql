-- How many shards each system account has (ledger_accounts rows with owner_id NULL and ref
-- 'shard-0' .. 'shard-N-1'). The one place this number lives: owo_open_system_accounts creates
-- the shards and owo_system_account picks one. SQL, so that it is inlined into the statements that
-- use it.
CREATE OR REPLACE FUNCTION owo_system_shards() RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT 8
$$;
