-- Written by `npm run db:check -- --write ledger_posting_path` from the SQL sources:
--   src/ledger/sql/owo_ledger_accounts_kept.sql
--   src/ledger/sql/owo_move_counters.sql
--   src/ledger/sql/owo_system_shards.sql
--   src/ledger/sql/owo_open_system_accounts.sql
--   src/ledger/sql/owo_system_account.sql
--   src/ledger/sql/owo_post_transfers.sql
--   src/ledger/sql/owo_resolve_transfers.sql
--   src/services/transaction/sql/owo_receipt.sql
--   src/services/transaction/sql/owo_session_holds.sql
--   src/services/transaction/sql/owo_spent_since.sql
--   src/services/transaction/sql/owo_wallet.sql
--   src/services/transaction/sql/owo_complete_send_money.sql
--
-- The ledger's one posting path (owo_post_transfers, owo_resolve_transfers and the counter and
-- lock function they share, owo_move_counters) with one rule for system account shards
-- (owo_system_account); owo_complete_send_money posts its legs through it. Every function's
-- source now lives in src/ beside the code that calls it; this migration applies all of them.

-- Source: src/ledger/sql/owo_ledger_accounts_kept.sql
-- Ledger accounts, once opened, are never deleted (trigger ledger_accounts_never_deleted,
-- migration 0012): every transfer names its two accounts without a foreign key.
CREATE OR REPLACE FUNCTION owo_ledger_accounts_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
-- Source: src/ledger/sql/owo_move_counters.sql
-- Moves the counters of some accounts, and is the only code that changes them. One element per
-- account in each array (each account once): how much its debits_posted, credits_posted,
-- debits_pending and credits_pending grow (pending ones shrink, negative, when a pending transfer
-- is resolved). Called by owo_post_transfers and owo_resolve_transfers, in the caller's transaction:
--  1. lock the accounts in ascending id order (SELECT ... ORDER BY id FOR UPDATE), as every ledger
--     write does, so concurrent transfers never deadlock on one another; and, on the rows as
--     locked, refuse to take a no-overdraft account below zero available
--     (credits_posted - debits_posted - debits_pending): OWO:INSUFFICIENT_FUNDS, DETAIL the account;
--     an account that does not exist: OWO:ACCOUNT_NOT_FOUND;
--  2. move every counter in one UPDATE (the locks are held; the table's CHECK constraint
--     ledger_accounts_no_overdraft stands behind the check).
-- Returns how many accounts it moved, so that PL/pgSQL callers call it in an assignment
-- (`v_moved := owo_move_counters(...)`), which is evaluated as an expression; PERFORM would run it
-- as a query of its own, costing as much again as the two statements here.
-- Its callers run it under plan_cache_mode = force_generic_plan (see owo_post_transfers).
CREATE OR REPLACE FUNCTION owo_move_counters(
  p_accounts uuid[],
  p_debits_posted bigint[],
  p_credits_posted bigint[],
  p_debits_pending bigint[],
  p_credits_pending bigint[]
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_locked integer;
  v_short uuid;
  v_account uuid;
BEGIN
  SELECT count(*), (array_agg(l.id) FILTER (WHERE l.short))[1]
    INTO v_locked, v_short
    FROM (SELECT a.id,
                 a.no_overdraft AND (a.credits_posted + p_credits_posted[array_position(p_accounts, a.id)])
                                  - (a.debits_posted + p_debits_posted[array_position(p_accounts, a.id)])
                                  - (a.debits_pending + p_debits_pending[array_position(p_accounts, a.id)]) < 0 AS short
            FROM ledger_accounts a
           WHERE a.id = ANY (p_accounts)
           ORDER BY a.id
             FOR UPDATE) AS l;
  IF v_locked < cardinality(p_accounts) THEN
    SELECT x INTO v_account FROM unnest(p_accounts) AS x WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE id = x) LIMIT 1;
    IF v_account IS NULL THEN
      RAISE EXCEPTION 'owo_move_counters: an account is named more than once';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:ACCOUNT_NOT_FOUND', DETAIL = v_account;
  END IF;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:INSUFFICIENT_FUNDS', DETAIL = v_short;
  END IF;

  UPDATE ledger_accounts a
     SET debits_posted = a.debits_posted + p_debits_posted[array_position(p_accounts, a.id)],
         credits_posted = a.credits_posted + p_credits_posted[array_position(p_accounts, a.id)],
         debits_pending = a.debits_pending + p_debits_pending[array_position(p_accounts, a.id)],
         credits_pending = a.credits_pending + p_credits_pending[array_position(p_accounts, a.id)]
   WHERE a.id = ANY (p_accounts);
  RETURN v_locked;
END
$$;
--> statement-breakpoint
-- Source: src/ledger/sql/owo_system_shards.sql
-- How many shards each system account has (ledger_accounts rows with owner_id NULL and ref
-- 'shard-0' .. 'shard-N-1'). The one place this number lives: owo_open_system_accounts creates
-- the shards and owo_system_account picks one. SQL, so that it is inlined into the statements that
-- use it.
CREATE OR REPLACE FUNCTION owo_system_shards() RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT 8
$$;
--> statement-breakpoint
-- Source: src/ledger/sql/owo_open_system_accounts.sql
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
--> statement-breakpoint
-- Source: src/ledger/sql/owo_system_account.sql
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
--> statement-breakpoint
-- Source: src/ledger/sql/owo_post_transfers.sql
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
-- Other errors: OWO:AMOUNT_INVALID, OWO:SAME_ACCOUNT, OWO:ACCOUNT_NOT_FOUND, OWO:INSUFFICIENT_FUNDS.
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
  v_moved integer;
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
--> statement-breakpoint
-- Source: src/ledger/sql/owo_resolve_transfers.sql
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
  v_moved integer;
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
--> statement-breakpoint
-- Source: src/services/transaction/sql/owo_receipt.sql
-- A history row as the API's receipt (the shape of toReceipt in history.ts; receipt.test.ts
-- compares them field by field). SQL, so that the planner inlines it into the statements that
-- call it.
CREATE OR REPLACE FUNCTION owo_receipt(h transactions) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', h.id,
    'reference', h.reference,
    'type', h.type,
    'direction', h.direction,
    'amount', h.amount,
    'fee', h.fee,
    'status', h.status,
    'narration', h.narration,
    'counterparty', h.counterparty,
    'failureReason', h.failure_reason,
    'token', h.token,
    'createdAt', to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(h.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'total', CASE WHEN h.direction = 'debit' THEN h.amount + h.fee ELSE h.amount END
  )
$$;
--> statement-breakpoint
-- Source: src/services/transaction/sql/owo_session_holds.sql
-- The session of this token hash is live and belongs to the user, whose PIN hash is still the one
-- the server verified, with no failed tries and no lock.
CREATE OR REPLACE FUNCTION owo_session_holds(p_user uuid, p_token_hash text, p_pin_hash text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = p_token_hash AND s.user_id = p_user AND s.revoked_at IS NULL AND s.expires_at > now()
       AND u.pin_hash = p_pin_hash AND u.pin_failed_attempts = 0 AND u.pin_locked_until IS NULL
  );
END
$$;
--> statement-breakpoint
-- Source: src/services/transaction/sql/owo_spent_since.sql
-- Money that left a person's wallet since `day_start`, fees included; pending outflows count, and
-- moving money between your own wallet and savings is not spending. The one definition used by
-- the spending limit everywhere.
-- (PL/pgSQL rather than SQL functions throughout: their plans are kept per connection, where a
-- SQL function called from PL/pgSQL is parsed again on every call.)
CREATE OR REPLACE FUNCTION owo_spent_since(p_user uuid, p_day_start timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(sum(amount + fee), 0)::bigint
      FROM transactions
     WHERE user_id = p_user
       AND direction = 'debit'
       AND status IN ('successful', 'pending')
       AND type NOT IN ('savings', 'lockedFund')
       AND created_at >= p_day_start
  );
END
$$;
--> statement-breakpoint
-- Source: src/services/transaction/sql/owo_wallet.sql
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
--> statement-breakpoint
-- owo_complete_send_money: new parameters or return type; CREATE OR REPLACE cannot change those.
DROP FUNCTION IF EXISTS owo_complete_send_money(p_user uuid, p_reference text, p_key text, p_scope text, p_request_hash text, p_day_start timestamptz, p_debit_row uuid, p_credit_row uuid, p_message text, p_shards integer, p_token_hash text, p_pin_hash text);
--> statement-breakpoint
-- Source: src/services/transaction/sql/owo_complete_send_money.sql
-- Completing a send-money payment in one statement: one round trip and one commit per payment.
-- The TypeScript caller is send-money.service.ts (beside this directory); errors are raised as
-- 'OWO:<CODE>' (SQLSTATE P0001) and turned into the API's errors there.
-- Posts a previewed send-money payment, or replays its answer:
--  0. with p_token_hash (the server verified this token and PIN together recently and skipped its
--     own queries): the session must still be live and the PIN hash still p_pin_hash, with no
--     failed tries and no lock; if not, nothing is done and 'reauth' tells the server to check
--     in full;
--  1. lock the caller's intent (someone else's reference is not found; another type is handed back);
--  2. an Idempotency-Key already answered replays that answer (a different body: 422);
--  3. check the daily spending limit with the limit row locked (if the payer has one);
--  4. post the transfer (and a fee leg when there is a fee) through owo_post_transfers, the
--     ledger's one posting path: accounts locked in ascending id order, the payer never
--     overdrawn; the transfer's id is the intent's, so it can never post twice;
--  5. write both people's history, mark the intent completed and store the answer under the key.
-- All in the caller's one transaction: an error anywhere leaves nothing behind, the key included,
-- so the client may retry with it. Two requests with one key at once: the second waits on the
-- key's index entry, finds it taken and is refused (its work rolls back); the same request twice
-- waits on the intent's lock instead and then replays.
CREATE OR REPLACE FUNCTION owo_complete_send_money(
  p_user uuid,
  p_reference text,
  p_key text,
  p_scope text,
  p_request_hash text,
  p_day_start timestamptz,
  p_debit_row uuid,
  p_credit_row uuid,
  p_message text,
  p_token_hash text,
  p_pin_hash text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_found record;
  v_intent payment_intents%ROWTYPE;
  v_prior idempotency_keys%ROWTYPE;
  v_limit bigint;
  v_spent bigint;
  v_total bigint;
  v_recipient uuid;
  v_from uuid;
  v_to uuid;
  v_legs integer;
  v_created boolean;
  v_stored boolean;
  v_response jsonb;
BEGIN
  -- One statement in the common case: the intent (locked), the deferred session and PIN check,
  -- any answer already stored under the key, whether the payer has a spending limit, and both
  -- people's wallets.
  SELECT i AS intent, k AS prior, l.user_id IS NOT NULL AS limited, wf.id AS payer_wallet, wt.id AS payee_wallet INTO v_found
    FROM payment_intents i
    LEFT JOIN idempotency_keys k ON k.user_id = p_user AND k.key = p_key
    LEFT JOIN spending_limits l ON l.user_id = p_user AND l.daily_limit IS NOT NULL
    LEFT JOIN ledger_accounts wf ON wf.owner_id = p_user AND wf.code = 'wallet' AND wf.ref = ''
    LEFT JOIN ledger_accounts wt ON wt.owner_id = CASE WHEN i.type = 'sendMoney' THEN (i.counterparty ->> 'id')::uuid END
                                AND wt.code = 'wallet' AND wt.ref = ''
   WHERE i.reference = p_reference AND i.user_id = p_user
     AND (p_token_hash IS NULL OR EXISTS (
           -- as owo_session_holds, written out so it runs inside this statement
           SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = p_token_hash AND s.user_id = p_user AND s.revoked_at IS NULL AND s.expires_at > now()
              AND u.pin_hash = p_pin_hash AND u.pin_failed_attempts = 0 AND u.pin_locked_until IS NULL))
     FOR UPDATE OF i;
  IF NOT FOUND THEN
    IF p_token_hash IS NOT NULL AND NOT owo_session_holds(p_user, p_token_hash, p_pin_hash) THEN
      RETURN jsonb_build_object('kind', 'reauth');
    END IF;
    IF p_key IS NOT NULL THEN
      SELECT * INTO v_prior FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
      IF FOUND AND (v_prior.scope <> p_scope OR v_prior.request_hash <> p_request_hash) THEN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:IDEMPOTENCY_KEY_REUSED';
      END IF;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:PAYMENT_NOT_FOUND';
  END IF;
  v_intent := v_found.intent;
  v_prior := v_found.prior;

  IF v_intent.type <> 'sendMoney' THEN
    RETURN jsonb_build_object('kind', 'other', 'type', v_intent.type);
  END IF;

  IF v_prior.user_id IS NOT NULL THEN
    IF v_prior.scope <> p_scope OR v_prior.request_hash <> p_request_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:IDEMPOTENCY_KEY_REUSED';
    END IF;
    IF v_prior.status_code IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:IDEMPOTENCY_IN_PROGRESS';
    END IF;
    RETURN jsonb_build_object('kind', 'done', 'replayed', true, 'statusCode', v_prior.status_code, 'response', v_prior.response);
  END IF;

  IF v_intent.status = 'initiated' THEN
    IF v_intent.expires_at <= now() THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:PAYMENT_EXPIRED';
    END IF;
    v_total := v_intent.amount + v_intent.fee;

    -- Anyone may set a limit at any moment, so the row is read again under its lock; a limit set
    -- after the first statement read nothing is one that this payment raced and may precede.
    IF v_found.limited THEN
      SELECT daily_limit INTO v_limit FROM spending_limits WHERE user_id = p_user FOR UPDATE;
      IF v_limit IS NOT NULL THEN
        v_spent := owo_spent_since(p_user, p_day_start);
        IF v_spent + v_total > v_limit THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:SPENDING_LIMIT', DETAIL = v_limit || ':' || greatest(v_limit - v_spent, 0);
        END IF;
      END IF;
    END IF;

    v_recipient := (v_intent.counterparty ->> 'id')::uuid;
    v_from := v_found.payer_wallet;
    v_to := v_found.payee_wallet;
    IF v_from IS NULL OR v_to IS NULL THEN
      -- Sign-up opens every wallet; one missing is opened now.
      v_from := owo_wallet(p_user);
      v_to := owo_wallet(v_recipient);
    END IF;
    -- The money moves through the ledger's one posting path, owo_post_transfers: it records the
    -- transfers, locks the accounts in ascending id order and moves the counters, refusing to
    -- overdraw the payer. The amount leg's id is the intent's, so a payment never posts twice;
    -- the fee leg (when there is a fee) goes to the system account 'fees', on the shard its id picks.
    v_legs := CASE WHEN v_intent.fee > 0 THEN 2 ELSE 1 END;
    v_created := (owo_post_transfers(
      p_ids => (ARRAY[v_intent.id, md5(v_intent.id::text || ':fee')::uuid])[1:v_legs],
      p_debits => (ARRAY[v_from, v_from])[1:v_legs],
      p_credits => (ARRAY[v_to, NULL])[1:v_legs],
      p_amounts => (ARRAY[v_intent.amount, v_intent.fee])[1:v_legs],
      p_kinds => (ARRAY['send_money', 'fee'])[1:v_legs],
      p_references => (ARRAY[p_reference, p_reference])[1:v_legs],
      p_credit_systems => (ARRAY[NULL, 'fees'])[1:v_legs])).created;
    IF NOT v_created THEN
      -- The intent is still 'initiated' but its transfer exists: never posted twice.
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:TRANSFER_EXISTS';
    END IF;

    -- Both people's history, the intent, and the answer stored under the key, in one statement.
    WITH done AS (
      UPDATE payment_intents SET status = 'completed', completed_at = now() WHERE id = v_intent.id
    ), history AS (
      INSERT INTO transactions (id, user_id, reference, type, direction, amount, fee, status, narration, counterparty)
      VALUES
        (p_debit_row, p_user, p_reference, 'sendMoney', 'debit', v_intent.amount, v_intent.fee, 'successful', v_intent.narration, v_intent.counterparty),
        (p_credit_row, v_recipient, p_reference, 'sendMoney', 'credit', v_intent.amount, 0, 'successful', v_intent.narration,
         jsonb_build_object('id', p_user, 'name', coalesce(v_intent.details ->> 'senderName', 'Owo user'), 'bankName', NULL, 'accountNumber', NULL))
      RETURNING *
    ), answer AS (
      SELECT jsonb_build_object('status', true, 'message', p_message, 'data', owo_receipt(h)) AS response FROM history h WHERE h.direction = 'debit'
    ), stored AS (
      INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response)
      SELECT p_user, p_key, p_scope, p_request_hash, 200, response FROM answer WHERE p_key IS NOT NULL
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT response, EXISTS (SELECT 1 FROM stored) INTO v_response, v_stored FROM answer;
  ELSE
    -- Completed before, under another key or none: the same receipt.
    SELECT jsonb_build_object('status', true, 'message', p_message, 'data', owo_receipt(t)) INTO v_response
      FROM transactions t WHERE t.user_id = p_user AND t.reference = p_reference AND t.direction = 'debit';
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:PAYMENT_NOT_FOUND';
    END IF;
    v_stored := false;
    IF p_key IS NOT NULL THEN
      INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response)
      VALUES (p_user, p_key, p_scope, p_request_hash, 200, v_response)
      ON CONFLICT DO NOTHING;
      v_stored := FOUND;
    END IF;
  END IF;

  IF p_key IS NOT NULL AND NOT v_stored THEN
    -- Taken meanwhile by a concurrent request with this key: undo this one's work.
    SELECT * INTO v_prior FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
    IF v_prior.scope <> p_scope OR v_prior.request_hash <> p_request_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:IDEMPOTENCY_KEY_REUSED';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:IDEMPOTENCY_IN_PROGRESS';
  END IF;
  RETURN jsonb_build_object('kind', 'done', 'replayed', false, 'statusCode', 200, 'response', v_response);
END
$$;
