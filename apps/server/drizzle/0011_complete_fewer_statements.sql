-- Completing a send-money payment in fewer statements (the function of migration 0007, same
-- behaviour, same errors): whether the payer has a spending limit is learnt in the first
-- statement, so most payments skip that lookup; the accounts are locked by one statement rather
-- than a cursor; the receipt function is SQL, so it is inlined into the statement that uses it;
-- and the answer is stored under the Idempotency-Key by the statement that writes the payment.

-- A history row as the API's receipt (the shape of toReceipt in history.ts; a test compares them).
-- SQL, so that the planner inlines it into the statements that call it.
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

-- Posts a previewed send-money payment, or replays its answer:
--  0. with p_token_hash (the server verified this token and PIN together recently and skipped its
--     own queries): the session must still be live and the PIN hash still p_pin_hash, with no
--     failed tries and no lock; if not, nothing is done and 'reauth' tells the server to check
--     in full;
--  1. lock the caller's intent (someone else's reference is not found; another type is handed back);
--  2. an Idempotency-Key already answered replays that answer (a different body: 422);
--  3. check the daily spending limit with the limit row locked (if the payer has one);
--  4. lock the accounts in ascending id order (as every ledger write, so concurrent payments never
--     deadlock), move the counters, refusing to overdraw the payer, and record the transfer, whose
--     id is the intent's, so it can never post twice;
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
  p_shards integer,
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
  v_fee uuid;
  v_moved integer;
  v_stored boolean;
  v_response jsonb;
BEGIN
  -- One statement in the common case: the intent (locked), the deferred session and PIN check,
  -- any answer already stored under the key, and whether the payer has a spending limit.
  SELECT i AS intent, k AS prior, l.user_id IS NOT NULL AS limited INTO v_found
    FROM payment_intents i
    LEFT JOIN idempotency_keys k ON k.user_id = p_user AND k.key = p_key
    LEFT JOIN spending_limits l ON l.user_id = p_user AND l.daily_limit IS NOT NULL
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
    IF v_intent.fee > 0 THEN
      SELECT id INTO v_fee FROM ledger_accounts
       WHERE owner_id IS NULL AND code = 'fees' AND ref = 'shard-' || (abs(hashtext(v_intent.id::text)) % p_shards);
    END IF;
    -- Lock the accounts in ascending id order, as every ledger write does, so concurrent payments
    -- never deadlock; then move the counters in one statement that refuses to overdraw the payer.
    SELECT (array_agg(a.id) FILTER (WHERE a.owner_id = p_user))[1], (array_agg(a.id) FILTER (WHERE a.owner_id = v_recipient))[1]
      INTO v_from, v_to
      FROM (SELECT id, owner_id FROM ledger_accounts
             WHERE (owner_id IN (p_user, v_recipient) AND code = 'wallet' AND ref = '') OR id = v_fee
             ORDER BY id
               FOR UPDATE) a;
    IF v_from IS NULL OR v_to IS NULL THEN
      -- Sign-up opens every wallet; one missing is opened now and the lock taken again.
      v_from := owo_wallet(p_user);
      v_to := owo_wallet(v_recipient);
      PERFORM 1 FROM ledger_accounts WHERE id IN (v_from, v_to, v_fee) ORDER BY id FOR UPDATE;
    END IF;
    UPDATE ledger_accounts a
       SET debits_posted = a.debits_posted + d.dp, credits_posted = a.credits_posted + d.cp
      FROM (VALUES (v_from, v_total, 0::bigint), (v_to, 0::bigint, v_intent.amount), (v_fee, 0::bigint, v_intent.fee)) AS d(id, dp, cp)
     WHERE a.id = d.id
       AND (NOT a.no_overdraft OR (a.credits_posted + d.cp) - (a.debits_posted + d.dp) - a.debits_pending >= 0);
    GET DIAGNOSTICS v_moved = ROW_COUNT;
    IF v_moved < (CASE WHEN v_fee IS NULL THEN 2 ELSE 3 END) THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'OWO:INSUFFICIENT_FUNDS';
    END IF;

    -- The transfer (its id is the intent's: a second posting is a key violation), both people's
    -- history, the intent, and the answer stored under the key, in one statement.
    WITH legs AS (
      INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, reference, status, seq, resolved_at)
      SELECT * FROM (VALUES
        (v_intent.id, v_from, v_to, v_intent.amount, 'send_money', p_reference, 'posted', 0, now()),
        (md5(v_intent.id::text || ':fee')::uuid, v_from, v_fee, v_intent.fee, 'fee', p_reference, 'posted', 1, now())
      ) AS l(id, debit_account_id, credit_account_id, amount, kind, reference, status, seq, resolved_at)
      WHERE l.amount > 0
    ), done AS (
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
