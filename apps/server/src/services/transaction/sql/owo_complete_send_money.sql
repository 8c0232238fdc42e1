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
              AND u.pin_hash = p_pin_hash AND u.pin_failed_attempts = 0 AND u.pin_locked_until IS NULL
              AND NOT EXISTS (SELECT 1 FROM account_freezes f WHERE f.user_id = p_user)))
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
