CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"counterparty" jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"narration" text,
	"status" text DEFAULT 'initiated' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spending_limits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_limit" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text NOT NULL,
	"narration" text,
	"counterparty" jsonb NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_reference_key" ON "payment_intents" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_intents_processing_idx" ON "payment_intents" USING btree ("status") WHERE "payment_intents"."status" = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_user_ref_dir_key" ON "transactions" USING btree ("user_id","reference","direction");--> statement-breakpoint
CREATE INDEX "transactions_user_time_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);