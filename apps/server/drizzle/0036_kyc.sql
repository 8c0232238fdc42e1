CREATE TABLE "user_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"label" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"signed_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_held_credits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"held_account_id" uuid NOT NULL,
	"source_transfer_id" uuid NOT NULL,
	"source_account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tier" smallint DEFAULT 1 NOT NULL,
	"bvn_cipher" text,
	"bvn_hash" text,
	"bvn_last3" text,
	"bvn_verified_at" timestamp with time zone,
	"nin_cipher" text,
	"nin_hash" text,
	"nin_last3" text,
	"nin_verified_at" timestamp with time zone,
	"date_of_birth" date,
	"address" jsonb,
	"tier3_status" text DEFAULT 'none' NOT NULL,
	"tier3_documents" jsonb,
	"new_device_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_rules" (
	"id" smallint PRIMARY KEY NOT NULL,
	"verify_days" integer NOT NULL,
	"new_device_daily_out" bigint NOT NULL,
	"levy" bigint NOT NULL,
	"levy_threshold" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_tiers" (
	"tier" smallint PRIMARY KEY NOT NULL,
	"per_deposit" bigint,
	"balance_cap" bigint,
	"daily_out" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_usage" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"out_kobo" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_devices_key" ON "user_devices" USING btree ("user_id","device_hash");--> statement-breakpoint
CREATE INDEX "user_devices_user_idx" ON "user_devices" USING btree ("user_id","last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_held_credits_user_idx" ON "kyc_held_credits" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_held_credits_due_idx" ON "kyc_held_credits" USING btree ("created_at") WHERE "kyc_held_credits"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_profiles_bvn_key" ON "kyc_profiles" USING btree ("bvn_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_profiles_nin_key" ON "kyc_profiles" USING btree ("nin_hash");--> statement-breakpoint
CREATE INDEX "kyc_profiles_tier3_idx" ON "kyc_profiles" USING btree ("updated_at") WHERE "kyc_profiles"."tier3_status" = 'pending';--> statement-breakpoint
-- custom: the KYC rules in the posting path (services/kyc/sql/, ledger/sql/owo_post_transfers.sql) and the profile trigger.
-- Today's date in Lagos (UTC+1 all year, no summer time): the day the daily limits count.
CREATE OR REPLACE FUNCTION owo_lagos_day() RETURNS date
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Every new person starts at Tier 1 (trigger users_kyc_profile, AFTER INSERT ON users), so the
-- posting path finds a KYC profile for every person.
CREATE OR REPLACE FUNCTION owo_kyc_new_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kyc_profiles (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The KYC rules where money moves: called by owo_post_transfers (the ledger's one posting path)
-- with the transfers it has just recorded, after the counters moved, in the same transaction.
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
--  2. Inflows: a posted credit to a person's wallet from anyone else's account. Over the tier's
--     per_deposit, or leaving the wallet over its balance_cap, it is parked at once in the person's
--     'held' account (transfer kind 'kyc_hold', a kyc_held_credits row): released on upgrade or
--     returned to its sender after KYC_HOLD_DAYS (services/kyc/held.service.ts). Otherwise, when
--     it comes from another person or a bank transfer in (virtual_account) and is at least
--     kyc_rules.levy_threshold, the EMT levy moves from the wallet to the system account 'levy'
--     (kind 'levy') with a history row. Returns of held credits (kind 'kyc_return') are exempt.
-- Returns how many holds and levies it posted (PL/pgSQL callers assign it, as owo_move_counters).
CREATE OR REPLACE FUNCTION owo_kyc_check(p_transfers ledger_transfers[]) RETURNS integer
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  r record;
  v_found record;
  v_held uuid;
  v_id uuid;
  v_done integer := 0;
BEGIN
  FOR r IN
    SELECT d.owner_id AS payer, sum(t.amount)::bigint AS amount
      FROM unnest(p_transfers) AS t
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
     WHERE d.owner_id IS NOT NULL AND d.code IN ('wallet', 'business')
       AND (c.owner_id IS DISTINCT FROM d.owner_id OR c.code = 'escrow')
       AND t.kind NOT IN ('loan.repay', 'levy')
     GROUP BY d.owner_id
  LOOP
    WITH used AS (
      INSERT INTO kyc_usage AS u (user_id, day, out_kobo)
      SELECT p.user_id, owo_lagos_day(), r.amount FROM kyc_profiles p WHERE p.user_id = r.payer
      ON CONFLICT (user_id) DO UPDATE
        SET out_kobo = CASE WHEN u.day = excluded.day THEN u.out_kobo ELSE 0 END + excluded.out_kobo, day = excluded.day
      RETURNING u.out_kobo
    )
    SELECT used.out_kobo AS used, p.tier, k.daily_out,
           p.bvn_verified_at IS NULL AND p.nin_verified_at IS NULL AND p.created_at < now() - make_interval(days => s.verify_days) AS restricted,
           CASE WHEN p.new_device_until > now() THEN s.new_device_daily_out END AS device_limit
      INTO v_found
      FROM used, kyc_profiles p, kyc_tiers k, kyc_rules s
     WHERE p.user_id = r.payer AND k.tier = p.tier AND s.id = 1;
    CONTINUE WHEN NOT FOUND;
    IF v_found.restricted THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:KYC_RESTRICTED';
    END IF;
    IF v_found.device_limit IS NOT NULL AND v_found.device_limit < v_found.daily_out AND v_found.used > v_found.device_limit THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:DEVICE_LIMIT',
        DETAIL = v_found.device_limit || ':' || greatest(v_found.device_limit - (v_found.used - r.amount), 0);
    END IF;
    IF v_found.used > v_found.daily_out THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:KYC_LIMIT',
        DETAIL = v_found.tier || ':' || v_found.daily_out || ':' || greatest(v_found.daily_out - (v_found.used - r.amount), 0);
    END IF;
  END LOOP;

  FOR r IN
    SELECT t.id, t.amount, t.reference, t.debit_account_id AS source, c.id AS account, c.owner_id AS payee,
           c.credits_posted - c.debits_posted AS balance, k.per_deposit, k.balance_cap,
           d.owner_id IS NOT NULL OR d.code = 'virtual_account' AS from_someone, s.levy, s.levy_threshold
      FROM unnest(p_transfers) AS t
      JOIN ledger_accounts c ON c.id = t.credit_account_id
      JOIN ledger_accounts d ON d.id = t.debit_account_id
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
--> statement-breakpoint
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
    -- The KYC rules on the same transfers: day limits, held credits, the levy (services/kyc/sql).
    v_moved := owo_kyc_check(transfers);
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
CREATE TRIGGER users_kyc_profile AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION owo_kyc_new_profile();
--> statement-breakpoint
-- Everyone already there starts at Tier 1, their KYC clock from now.
INSERT INTO kyc_profiles (user_id) SELECT id FROM users ON CONFLICT DO NOTHING;
