-- The money events that notify a person, written beside each change of the payment history
-- (transactions) in the same transaction: money received (a credit written successful: a top-up
-- the person made goes pending first, and is not news to them), a payment or
-- payout that failed and was returned (a debit that turned failed or reversed), and an
-- electricity token delivered. The notifications service's job turns them into notifications.
CREATE OR REPLACE FUNCTION owo_notify_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_data jsonb := jsonb_build_object('amount', NEW.amount::text, 'type', NEW.type, 'from', NEW.counterparty ->> 'name',
    'reference', NEW.reference, 'token', NEW.token);
BEGIN
  IF TG_OP = 'INSERT' AND NEW.direction = 'credit' AND NEW.status = 'successful' THEN
    INSERT INTO notification_events (id, user_id, kind, data) VALUES (gen_random_uuid(), NEW.user_id, 'money', v_data);
  ELSIF TG_OP = 'UPDATE' AND NEW.direction = 'debit' AND NEW.status IN ('failed', 'reversed') AND OLD.status NOT IN ('failed', 'reversed') THEN
    INSERT INTO notification_events (id, user_id, kind, data) VALUES (gen_random_uuid(), NEW.user_id, 'returned', v_data);
  END IF;
  IF NEW.token IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.token IS NULL) THEN
    INSERT INTO notification_events (id, user_id, kind, data) VALUES (gen_random_uuid(), NEW.user_id, 'token', v_data);
  END IF;
  RETURN NULL;
END
$$;
