CREATE TABLE "notification_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hide_message_text" boolean DEFAULT false NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"quiet_allows_calls" boolean DEFAULT true NOT NULL,
	"quiet_allows_money" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"urgency" text NOT NULL,
	"ttl_seconds" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notification_events_created_idx" ON "notification_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("next_at") WHERE "push_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "push_deliveries_user_topic_idx" ON "push_deliveries" USING btree ("user_id","topic") WHERE "push_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
-- custom: the money events of the payment history (services/notifications/sql/owo_notify_transaction.sql) and their trigger.
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
--> statement-breakpoint
CREATE TRIGGER owo_notify_transaction AFTER INSERT OR UPDATE OF status, token ON transactions
  FOR EACH ROW EXECUTE FUNCTION owo_notify_transaction();
